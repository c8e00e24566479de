export const id = 914;
export const ids = [914];
export const modules = {

/***/ 1914:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertPrComment: () => (/* binding */ upsertPrComment)
/* harmony export */ });
/* unused harmony exports COMMENT_MAX_CHARS, shouldComment, commentBody, JOB_TOKEN_LOGIN */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3515);
/* harmony import */ var _text_error_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6589);
/**
 * One pull-request comment per PR, found again by a hidden marker and edited in place, so a PR
 * pushed twenty times has one comment, not twenty.
 *
 * The marker alone proves nothing: anyone who can comment can write it, and a token with write
 * access can edit other people's comments. So only a comment written by the token's own identity
 * is ours; a marked comment by anyone else is left alone and a new comment is created.
 *
 * A 403 or 404 is expected, not exceptional: on a pull request from a fork the token is read-only,
 * and a token without `pull-requests: write` cannot comment. Those become a warning and a skip;
 * the comment is a convenience and must never fail the gate.
 */



/** GitHub rejects issue comments longer than this many characters. */
const COMMENT_MAX_CHARS = 65_536;
function shouldComment(mode, result) {
    if (mode === 'always')
        return true;
    if (mode === 'on-failure')
        return result === 'failed';
    return false;
}
/**
 * The comment body: the marker, then the summary. The Markdown is capped in UTF-8 bytes, which
 * are never fewer than UTF-16 units or code points, so the body is within GitHub's character
 * limit whichever way it counts.
 */
function commentBody(report) {
    const prefix = `${_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .COMMENT_MARKER */ .JO}\n`;
    return prefix + (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .renderMarkdown */ .Gc)(report, { maxBytes: COMMENT_MAX_CHARS - prefix.length });
}
function httpStatus(error) {
    if (typeof error !== 'object' || error === null || !('status' in error))
        return undefined;
    return typeof error.status === 'number' ? error.status : undefined;
}
/** Who comments with the job's GITHUB_TOKEN. */
const JOB_TOKEN_LOGIN = 'github-actions[bot]';
/**
 * The login the token comments as. `GET /user` answers a personal token; an installation token,
 * such as the job's GITHUB_TOKEN, gets 403 "Resource not accessible by integration" there, and
 * comments as github-actions[bot].
 */
async function tokenLogin(octokit) {
    try {
        const { data } = await octokit.rest.users.getAuthenticated();
        return data.login;
    }
    catch (error) {
        if (httpStatus(error) === 403)
            return JOB_TOKEN_LOGIN;
        throw error;
    }
}
/** Logins are case-insensitive on GitHub. */
function writtenBy(comment, login) {
    return comment.user?.login.toLowerCase() === login.toLowerCase();
}
/**
 * The id of our earlier comment, reading page after page and stopping at the first match. The
 * token's identity is asked for only once a marked comment turns up (a first run needs no lookup).
 */
async function findComment(octokit, ctx, onStep) {
    let login;
    const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
        owner: ctx.owner,
        repo: ctx.repo,
        issue_number: ctx.issueNumber,
        per_page: 100
    });
    for await (const page of pages) {
        // startsWith, not includes: a reply quoting our comment (`> <!-- … -->`) is not ours.
        const marked = page.data.filter(c => c.body?.startsWith(_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .COMMENT_MARKER */ .JO) === true);
        if (marked.length === 0)
            continue;
        if (login === undefined) {
            onStep('find out whose comments are ours (GET /user) for');
            login = await tokenLogin(octokit);
            onStep('list the comments of');
        }
        const ours = marked.find(c => writtenBy(c, login));
        if (ours)
            return ours.id;
    }
    return undefined;
}
/** Creates the PR comment, or updates the one left by an earlier run. */
async function upsertPrComment(request) {
    const { report, mode, context, runner } = request;
    // on-failure still refreshes an earlier comment, so a fixed PR does not keep a stale ❌.
    const refreshOnly = !shouldComment(mode, report.status.result) && mode === 'on-failure';
    if (!shouldComment(mode, report.status.result) && !refreshOnly) {
        return { skipped: `comment-on-pr is ${mode} and the result is ${report.status.result}` };
    }
    const issueNumber = context.issueNumber;
    if (issueNumber === undefined)
        return { skipped: 'not a pull request' };
    if (request.token === '')
        return { skipped: 'no github-token' };
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__.getOctokit)(request.token, { baseUrl: context.apiUrl });
    const target = `${context.owner}/${context.repo}#${issueNumber}`;
    const body = commentBody(report);
    let step = 'list the comments of';
    try {
        const existing = await findComment(octokit, { ...context, issueNumber }, next => (step = next));
        if (existing !== undefined) {
            step = 'update the comment on';
            const { data } = await octokit.rest.issues.updateComment({
                owner: context.owner,
                repo: context.repo,
                comment_id: existing,
                body
            });
            return { url: data.html_url };
        }
        if (refreshOnly) {
            return {
                skipped: `comment-on-pr is ${mode}, the result is ${report.status.result} and there is no earlier comment`
            };
        }
        step = 'create a comment on';
        const { data } = await octokit.rest.issues.createComment({
            owner: context.owner,
            repo: context.repo,
            issue_number: issueNumber,
            body
        });
        return { url: data.html_url };
    }
    catch (error) {
        const status = httpStatus(error);
        if (status === 403 || status === 404) {
            const reason = `could not ${step} ${target} (HTTP ${status}): the token may be read-only (pull request from a fork) ` +
                'or lack pull-requests: write';
            runner.warning(`PR comment skipped: ${reason}.`);
            return { skipped: reason };
        }
        throw new Error(`Could not ${step} pull request ${target}${status === undefined ? '' : ` (HTTP ${status})`}: ${(0,_text_error_text_js__WEBPACK_IMPORTED_MODULE_2__/* .errorText */ .k)(error)}`, { cause: error });
    }
}


/***/ })

};

//# sourceMappingURL=914.index.js.map