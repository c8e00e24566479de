export const id = 270;
export const ids = [270];
export const modules = {

/***/ 3249:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ar: () => (/* binding */ SchemaError),
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   XX: () => (/* binding */ PaginationError),
/* harmony export */   _2: () => (/* binding */ isClientError),
/* harmony export */   bO: () => (/* binding */ defaultHint),
/* harmony export */   hD: () => (/* binding */ ApiError)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/**
 * Errors of the API client. Each is a value a user can act on: it names the request, what went
 * wrong and what to check. No message ever contains the token (the transport redacts it).
 */

function label(request) {
    return `${request.method} ${request.path}`;
}
function attemptsText(attempts) {
    return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}
const STATUS_TEXT = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    408: 'Request Timeout',
    409: 'Conflict',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout'
};
/** What to check for a status, unless the call site knows better. */
function defaultHint(status) {
    if (status === 401)
        return 'check api-token: the token is missing, invalid or revoked';
    if (status === 403)
        return 'the token lacks Web API access (enable "Web API" on the token in Settings > Tokens) or cannot access this deployment';
    if (status === 404)
        return 'check deployment-slug / deployment-id and repository; a token without Web API access also gets 404';
    if (status === 429)
        return 'rate limited: raise max-retries or run the workflow less often';
    if (status >= 500)
        return 'the service is failing: re-run later, or set on-api-error: warn to skip the gate';
    return undefined;
}
class ApiError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .y {
    request;
    status;
    serverMessage;
    attempts;
    hint;
    retryAfterMs;
    name = 'ApiError';
    constructor(request, status, serverMessage, attempts, hint = defaultHint(status), 
    /** The server's Retry-After, in ms, when it sent one. */
    retryAfterMs) {
        const statusText = STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : '';
        const server = serverMessage ? `: ${serverMessage}` : '';
        const hintText = hint ? `. Hint: ${hint}` : '';
        super(`${label(request)} failed with HTTP ${status}${statusText}${server} (${attemptsText(attempts)})${hintText}`);
        this.request = request;
        this.status = status;
        this.serverMessage = serverMessage;
        this.attempts = attempts;
        this.hint = hint;
        this.retryAfterMs = retryAfterMs;
    }
}
class NetworkError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .y {
    request;
    code;
    detail;
    attempts;
    mayHaveBeenProcessed;
    name = 'NetworkError';
    constructor(request, 
    /** ECONNREFUSED, ECONNRESET, TIMEOUT, ENOTFOUND, ... */
    code, detail, attempts, 
    /** The server may have acted on the request although no answer came back. */
    mayHaveBeenProcessed = false) {
        const consequence = mayHaveBeenProcessed
            ? '; the request was sent and may have been processed, so it was not retried'
            : '';
        super(`${label(request)} failed: ${detail} (${code}) after ${attemptsText(attempts)}${consequence}`);
        this.request = request;
        this.code = code;
        this.detail = detail;
        this.attempts = attempts;
        this.mayHaveBeenProcessed = mayHaveBeenProcessed;
    }
}
class SchemaError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .y {
    request;
    problems;
    name = 'SchemaError';
    constructor(request, 
    /** One line per problem: `field.path: what was expected (got ...)`. */
    problems) {
        const shown = problems.slice(0, 5).join('; ');
        const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
        super(`${label(request)} returned an unexpected response: ${shown}${more}`);
        this.request = request;
        this.problems = problems;
    }
}
class PaginationError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .y {
    request;
    reason;
    name = 'PaginationError';
    constructor(request, reason) {
        super(`${label(request)} pagination did not end: ${reason}; stopped to avoid an endless loop`);
        this.request = request;
        this.reason = reason;
    }
}
function isClientError(error) {
    return (error instanceof ApiError ||
        error instanceof NetworkError ||
        error instanceof SchemaError ||
        error instanceof PaginationError);
}


/***/ }),

/***/ 5427:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Xn: () => (/* binding */ cursorPages),
/* harmony export */   bR: () => (/* binding */ pageNumberPages)
/* harmony export */ });
/* unused harmony export AHEAD_ITEMS_AFTER_MS */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);

/**
 * Measured at 60,000 findings with the count known early: at 300 ms per response, acting on a page
 * ahead's items brought the end about 0.1 s sooner; at 50 ms it made runs about 30 ms slower.
 */
const AHEAD_ITEMS_AFTER_MS = 150;
/**
 * Page-number pagination as an async iterator of pages, in order. After the first page proves
 * there may be more, the next pages are fetched concurrently; pages fetched past the end cost one
 * short or empty response each and are dropped. When the iteration ends (the last page, an error,
 * or a consumer that stops early) `signal` is aborted, so that such pages are not retried.
 */
async function* pageNumberPages(fetchPage, options) {
    const seen = new Set();
    const inFlight = [];
    const abandon = new AbortController();
    const budget = options.speculation;
    let joined = false;
    let done = false;
    let pageSize = options.pageSize;
    let nextToRequest = 0;
    let current = 0;
    /** Pages up to this one are known to be needed (a full page before them came back). */
    let needed = 0;
    // A page already back and short (or empty) ends the list: nothing past it is asked for.
    const endKnown = () => inFlight.some(entry => entry.endsList === true);
    /** Slots of pages that turned out to be needed come back. */
    const settle = () => {
        for (const entry of inFlight) {
            if (entry.speculative && entry.page <= needed) {
                entry.speculative = false;
                budget?.give();
            }
        }
    };
    const topUp = () => {
        if (done || endKnown())
            return;
        if (!joined) {
            // Slow start, one page ahead after the first full page and more after two.
            const ahead = Math.min(options.concurrency, current);
            while (inFlight.length < ahead && nextToRequest <= options.maxPages)
                launch(false);
            return;
        }
        // Speculating: keep `concurrency` requests on the wire, counting only pages not back yet; and
        // read at most twice that far ahead of the page awaited (a stalled page does not let the
        // list run on unchecked).
        let out = inFlight.filter(entry => entry.endsList === undefined).length;
        while (nextToRequest <= options.maxPages) {
            // A page the expected count covers goes out at once, whatever else is on the wire.
            if (options.expected?.take(pageSize)) {
                launch(false, true);
                continue;
            }
            if (out >= options.concurrency || inFlight.length >= 2 * options.concurrency)
                break;
            const speculative = nextToRequest > needed;
            // The count says the list ends among its pages: speculate past them only once they are
            // back full (the count understated the list).
            if (speculative && inFlight.some(entry => entry.covered && entry.endsList === undefined))
                break;
            if (speculative && !budget?.take(speculativeCount(inFlight)))
                break;
            launch(speculative);
            out++;
        }
    };
    /** Cancels what was asked for before the first page was read, should it show a capped size. */
    let unproven;
    const launch = (speculative, covered = false, onItems) => {
        const size = pageSize;
        const page = nextToRequest++;
        if (page > 0 && !covered)
            options.expected?.use(size);
        const signal = unproven ? AbortSignal.any([abandon.signal, unproven.signal]) : abandon.signal;
        const shows = onItems
            ? () => {
                entry.showedItems = true;
                onItems();
            }
            : undefined;
        const entry = {
            page,
            items: fetchPage(page, signal, size, shows),
            speculative,
            covered
        };
        // An abandoned speculative page must not become an unhandled rejection.
        entry.items.then(items => {
            entry.endsList = isLastPage(items, size, options);
            if (items.length > 0)
                entry.showedItems = true;
            // While speculating, a full page that comes back (in any order) proves the next one is
            // needed and frees a request on the wire: ask for more at once, not when it is read.
            if (!joined || done || entry.endsList || entry.dropped)
                return;
            needed = Math.max(needed, page + 1);
            settle();
            topUp();
        }, () => undefined);
        inFlight.push(entry);
    };
    // Pages asked for before the first is read are sized before it could show a capped page size:
    // they are cancelled if it does. Concurrency 1 asks for one page after another, from the first.
    const startAhead = budget ? Math.min(options.startAhead ?? 0, options.concurrency - 1) : 0;
    // Only a list that asks ahead, one likely to be long, holds a share while its first page is out.
    const mayBeLong = startAhead > 0;
    budget?.enter(mayBeLong);
    /** The list has shown it is long: it may speculate from now on. */
    const joinBudget = () => {
        budget?.join(mayBeLong);
        joined = true;
    };
    launch(false);
    if (budget && mayBeLong) {
        unproven = new AbortController();
        const askedAt = performance.now();
        const after = options.aheadItemsAfterMs ?? AHEAD_ITEMS_AFTER_MS;
        // A page ahead that holds items: the list is long (or the server caps the page size, which
        // the first page will show). Its slot stays taken until the first page is read full.
        const goesOn = () => {
            if (joined || done || endKnown() || performance.now() - askedAt < after)
                return;
            joinBudget();
            topUp();
        };
        while (speculativeCount(inFlight) < startAhead && budget.take(speculativeCount(inFlight)))
            launch(true, false, goesOn);
    }
    if (budget)
        options.expected?.onKnown(() => topUp());
    try {
        while (inFlight.length > 0) {
            // Still counted as out while awaited, so that pages coming back meanwhile do not overfill.
            const items = await inFlight[0].items;
            inFlight.shift();
            if (items.length > 0) {
                guardRepeat(items, seen, current, options);
                yield items;
            }
            // Page 1 is asked for in pages of page 0's length: the list goes on only if it is not empty.
            if (current === 0 && mayBeCapped(items, options)) {
                pageSize = items.length;
                // Pages asked for with the first were sized before the cap was seen: at the asked size
                // their offsets may not follow on from it. Their slots are spent; page 1 is asked anew.
                const stale = inFlight.splice(0);
                for (const entry of stale)
                    entry.dropped = true;
                budget?.spend(speculativeCount(stale));
                unproven?.abort();
                nextToRequest = 1;
            }
            else if (isLastPage(items, pageSize, options)) {
                await refuseItemsPastEnd(inFlight, current, items.length, options.request);
                return;
            }
            else if (budget && !joined)
                joinBudget();
            // The page size is known now (page 0 read full, or capped and page 1 asked anew): what is
            // asked for from here on is not cancelled with what went out before.
            unproven = undefined;
            current++;
            if (current >= options.maxPages) {
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PaginationError */ .XX(options.request, `more than ${options.maxPages} full pages of ${pageSize}`);
            }
            // The page after a full one is needed: if it was asked for ahead, its slot comes back.
            needed = Math.max(needed, current);
            settle();
            topUp();
        }
    }
    finally {
        done = true;
        budget?.leave(speculativeCount(inFlight), joined, mayBeLong);
        inFlight.length = 0;
        abandon.abort();
    }
}
/**
 * The list ends at `page`, yet a page past it that is back holds items, or its body has shown it
 * does (then it is waited for): the listing contradicts itself. Items were added or moved while
 * it was read, or the server's pages overlap; either way the list is not known, and reading it as
 * ended could leave out what moved. Pages past the end that have shown nothing are not waited for,
 * so this is seen only when such a page is back or arriving.
 */
async function refuseItemsPastEnd(later, page, count, request) {
    for (const entry of later) {
        if (entry.showedItems !== true)
            continue;
        const items = await entry.items;
        if (items.length === 0)
            continue;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .SchemaError */ .Ar(request, [
            `page ${page} ended the list with ${count} items, but page ${entry.page} holds ${items.length}: the list changed while it was read, or its pages overlap; run the step again`
        ]);
    }
}
function speculativeCount(inFlight) {
    return inFlight.filter(entry => entry.speculative).length;
}
function isLastPage(items, pageSize, options) {
    if (items.length === 0)
        return true;
    return options.endOn === 'short-page' && items.length < pageSize;
}
/** A short first page that may be the server's page-size cap rather than the end of the list. */
function mayBeCapped(items, options) {
    return (options.capCheck !== undefined &&
        options.endOn === 'short-page' &&
        items.length >= options.capCheck.minPageSize &&
        items.length < options.pageSize);
}
function guardRepeat(items, seen, page, options) {
    let fresh = 0;
    for (const item of items) {
        const key = options.key(item);
        if (!seen.has(key))
            fresh++;
        seen.add(key);
    }
    if (fresh === 0) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PaginationError */ .XX(options.request, `page ${page} repeated the items of an earlier page (the server seems to ignore "page")`);
    }
}
/** Cursor pagination: follows `next` until the server says there is no more, guarding loops. */
async function* cursorPages(fetchPage, options) {
    const seen = new Set();
    let cursor;
    for (let page = 0;; page++) {
        if (page >= options.maxPages) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PaginationError */ .XX(options.request, `more than ${options.maxPages} pages`);
        }
        const { items, next, hasMore } = await fetchPage(cursor);
        if (items.length > 0)
            yield items;
        if (hasMore === true && (next === undefined || next === '')) {
            // Stopping here would pass a partial list off as the whole one (a license gate would miss
            // violations): fail instead.
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .SchemaError */ .Ar(options.request, [
                'cursor: expected the cursor of the next page, as hasMore is true (got none)'
            ]);
        }
        const ended = hasMore === false ||
            next === undefined ||
            next === '' ||
            (hasMore === undefined && items.length === 0);
        if (ended)
            return;
        if (seen.has(next)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PaginationError */ .XX(options.request, `the server returned cursor "${next.slice(0, 40)}" twice`);
        }
        seen.add(next);
        cursor = next;
    }
}


/***/ }),

/***/ 6136:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   hF: () => (/* binding */ listProjects),
/* harmony export */   m$: () => (/* binding */ putProjectTags),
/* harmony export */   t1: () => (/* binding */ findProject)
/* harmony export */ });
/* unused harmony exports DEFAULT_PROJECTS_PAGING, projectPages, sameProjectName, projectNamePath */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9691);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _paginate_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5427);
/* harmony import */ var _wire_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5847);




const ProjectWire = (0,_wire_js__WEBPACK_IMPORTED_MODULE_2__/* .camelObject */ .Ct)({
    id: _wire_js__WEBPACK_IMPORTED_MODULE_2__/* .numericId */ .Vi,
    name: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().min(1),
    // Required (as documented): tags read as [] where they are missing would be replaced by the
    // new ones alone, dropping the project's current tags.
    tags: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()),
    url: _wire_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx,
    defaultBranch: _wire_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx,
    primaryBranch: _wire_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalString */ .sx
});
function toProject(wire) {
    return {
        id: wire.id,
        name: wire.name,
        tags: wire.tags,
        url: wire.url ?? undefined,
        defaultBranch: wire.defaultBranch ?? undefined,
        primaryBranch: wire.primaryBranch ?? undefined
    };
}
const ProjectsResponse = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ projects: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(ProjectWire) });
const ProjectResponse = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ project: ProjectWire });
const DEFAULT_PROJECTS_PAGING = {
    pageSize: 1000,
    concurrency: 4,
    maxPages: 1000
};
function projectsPath(deploymentSlug) {
    return `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/projects`;
}
/** Every project of the deployment, page by page. */
function projectPages(transport, deploymentSlug, paging = DEFAULT_PROJECTS_PAGING) {
    const path = projectsPath(deploymentSlug);
    const fetchPage = async (page, signal) => {
        const response = await transport.request({
            method: 'GET',
            path,
            signal,
            query: { page, page_size: paging.pageSize },
            schema: ProjectsResponse
        });
        return response.projects.map(toProject);
    };
    return (0,_paginate_js__WEBPACK_IMPORTED_MODULE_1__/* .pageNumberPages */ .bR)(fetchPage, {
        ...paging,
        // The page-size cap of this endpoint is undocumented: a short page may just be the cap.
        endOn: 'empty-page',
        key: project => project.id,
        request: { method: 'GET', path }
    });
}
/** Names compare case-insensitively, as the service's `repos` filter does. */
function sameProjectName(a, b) {
    return a.toLowerCase() === b.toLowerCase();
}
/** The one-project route's path, or undefined for a name that cannot be a path (see below). */
function projectPath(deploymentSlug, name) {
    try {
        return `${projectsPath(deploymentSlug)}/${projectNamePath(name, 'segments')}`;
    }
    catch {
        return undefined;
    }
}
/** Statuses that say the token may not read the deployment: the list would answer them too. */
const ACCESS_STATUSES = new Set([401, 403]);
/**
 * The project named `name` from the one-project route (the vendor's ProjectsService_GetProject,
 * marked experimental): one round trip whatever the deployment's size, where the list takes one
 * per page of 1,000 projects. Undefined when that route does not give it under this spelling
 * (404, another status but 401 and 403, a body that is not one project, another project's name):
 * the list then decides, so the route can only make the lookup faster, never change its answer.
 */
async function projectByName(transport, deploymentSlug, name) {
    const path = projectPath(deploymentSlug, name);
    if (path === undefined)
        return undefined;
    let project;
    try {
        const response = await transport.request({
            method: 'GET',
            path,
            schema: ProjectResponse
        });
        project = toProject(response.project);
    }
    catch (error) {
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && !ACCESS_STATUSES.has(error.status))
            return undefined;
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .SchemaError */ .Ar)
            return undefined;
        throw error;
    }
    return sameProjectName(project.name, name) ? project : undefined;
}
/**
 * The project named exactly `name` (case-insensitively), or undefined: asked for by name first,
 * then looked for in the list, which stops reading pages once it is found.
 */
async function findProject(transport, deploymentSlug, name, paging) {
    const named = await projectByName(transport, deploymentSlug, name);
    if (named !== undefined)
        return named;
    for await (const page of projectPages(transport, deploymentSlug, paging)) {
        const found = page.find(project => sameProjectName(project.name, name));
        if (found)
            return found;
    }
    return undefined;
}
async function listProjects(transport, deploymentSlug, paging) {
    const all = [];
    for await (const page of projectPages(transport, deploymentSlug, paging))
        all.push(...page);
    return all;
}
/**
 * `acme/web` → `acme/web` with each segment encoded and the slashes kept (what the service's own
 * samples send), or `acme%2Fweb`. Names with empty, `.` or `..` segments are refused: they would
 * address another path.
 */
function projectNamePath(name, style) {
    const segments = name.split('/');
    if (segments.some(segment => segment === '' || segment === '.' || segment === '..')) {
        throw new Error(`project name "${name}" has an empty, "." or ".." segment`);
    }
    return style === 'segments'
        ? segments.map(encodeURIComponent).join('/')
        : encodeURIComponent(name);
}
/**
 * PUT the project's tags. The body is the bare array the description's sample shows; whether the
 * service replaces or extends is undocumented, so callers always send the full union.
 */
async function putProjectTags(transport, deploymentSlug, projectName, tags) {
    const base = `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/projects/`;
    const send = async (style) => {
        const response = await transport.request({
            method: 'PUT',
            path: `${base}${projectNamePath(projectName, style)}/tags`,
            body: tags,
            schema: ProjectResponse,
            hints: { 404: `check repository: no project named "${projectName}" in this deployment` }
        });
        return toProject(response.project);
    };
    try {
        return await send('segments');
    }
    catch (error) {
        // Undocumented which form the router wants; the slash-encoded one is tried once on 404.
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && error.status === 404 && projectName.includes('/'))
            return send('encoded');
        throw error;
    }
}


/***/ }),

/***/ 9374:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ headerValue),
/* harmony export */   gr: () => (/* binding */ acceptEncoding),
/* harmony export */   jh: () => (/* binding */ decodedBody),
/* harmony export */   vf: () => (/* binding */ discard),
/* harmony export */   yR: () => (/* binding */ readText)
/* harmony export */ });
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8522);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_zlib__WEBPACK_IMPORTED_MODULE_1__);
/**
 * A response body as `node:http` or undici's `request` hands it over (a Node Readable of the bytes
 * on the wire), made into what `fetch` gave the transport before: content codings undone, text
 * decoded as UTF-8, headers read as one value each. Both skip fetch's WHATWG streams, which copied
 * every chunk of the large findings pages, but they also skip what fetch did for free; that part
 * lives here.
 */


/**
 * What the client asks servers to compress with: fetch's own choice, kept so that a large page
 * still crosses a slow network compressed (brotli only over TLS, as fetch asks for it).
 */
function acceptEncoding(url) {
    return url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate';
}
/** One value per header, as fetch's `headers.get` gives it: repeated headers joined by ", ". */
function headerValue(headers, name) {
    const value = headers[name];
    if (value === undefined)
        return null;
    return typeof value === 'string' ? value : value.join(', ');
}
/** Statuses that have no body (RFC 9110): never decoded, whatever Content-Encoding says. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
/** More codings than this is an attack on the decoder, not a response (fetch's limit too). */
const MAX_CONTENT_CODINGS = 5;
/**
 * Lenient like fetch and curl: a server that ends its stream without the final flush marker
 * still has its body read, rather than failed on the last bytes.
 */
const ZLIB_LENIENT = {
    flush: (node_zlib__WEBPACK_IMPORTED_MODULE_1___default().constants).Z_SYNC_FLUSH,
    finishFlush: (node_zlib__WEBPACK_IMPORTED_MODULE_1___default().constants).Z_SYNC_FLUSH
};
const BROTLI_LENIENT = {
    flush: (node_zlib__WEBPACK_IMPORTED_MODULE_1___default().constants).BROTLI_OPERATION_FLUSH,
    finishFlush: (node_zlib__WEBPACK_IMPORTED_MODULE_1___default().constants).BROTLI_OPERATION_FLUSH
};
/**
 * The body with its content codings undone, outermost last, the way fetch decodes: gzip, deflate
 * and br are decoded; a coding it does not know leaves the bytes as they came. Errors of the body
 * or of a decoder reach whoever reads the returned stream, and destroying it destroys the body
 * (and so its connection). Throws for more than five codings.
 */
function decodedBody(status, contentEncoding, body) {
    if (contentEncoding === null || NULL_BODY_STATUSES.has(status))
        return body;
    const codings = contentEncoding.toLowerCase().split(',');
    if (codings.length > MAX_CONTENT_CODINGS) {
        throw new Error(`too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CONTENT_CODINGS}`);
    }
    const decoders = [];
    for (const coding of codings.reverse().map(name => name.trim())) {
        if (coding === 'gzip' || coding === 'x-gzip')
            decoders.push(node_zlib__WEBPACK_IMPORTED_MODULE_1___default().createGunzip(ZLIB_LENIENT));
        else if (coding === 'deflate')
            decoders.push(new Inflate());
        else if (coding === 'br')
            decoders.push(node_zlib__WEBPACK_IMPORTED_MODULE_1___default().createBrotliDecompress(BROTLI_LENIENT));
        else
            return body;
    }
    const last = decoders.at(-1);
    if (last === undefined)
        return body;
    // The callback is required but has nothing to do: every error also destroys `last`.
    (0,node_stream__WEBPACK_IMPORTED_MODULE_0__.pipeline)([body, ...decoders], () => { });
    return last;
}
/**
 * "deflate" is zlib-wrapped by the standard, but some servers send a raw deflate stream under the
 * name: which one it is shows in the first byte, as browsers and fetch tell them apart.
 */
class Inflate extends node_stream__WEBPACK_IMPORTED_MODULE_0__.Transform {
    inner;
    _transform(chunk, _encoding, done) {
        if (this.inner === undefined) {
            if (chunk.length === 0) {
                done();
                return;
            }
            const zlibWrapped = ((chunk[0] ?? 0) & 0x0f) === 0x08;
            const inner = zlibWrapped
                ? node_zlib__WEBPACK_IMPORTED_MODULE_1___default().createInflate(ZLIB_LENIENT)
                : node_zlib__WEBPACK_IMPORTED_MODULE_1___default().createInflateRaw(ZLIB_LENIENT);
            inner.on('data', (data) => this.push(data));
            inner.on('error', error => this.destroy(error));
            this.inner = inner;
        }
        this.inner.write(chunk, () => done());
    }
    _flush(done) {
        if (this.inner === undefined) {
            done();
            return;
        }
        // Ends this stream only once the inflater has handed over its last bytes.
        this.inner.once('end', () => done());
        this.inner.end();
    }
    _destroy(error, done) {
        this.inner?.destroy();
        done(error);
    }
}
const UTF8 = new TextDecoder('utf-8');
/** The whole body as text, decoded as fetch's `text()` does: UTF-8, a byte-order mark dropped. */
async function readText(body) {
    const parts = [];
    for await (const chunk of body)
        parts.push(chunk);
    return UTF8.decode(Buffer.concat(parts));
}
/**
 * Lets go of a body that will not be read (further). The HTTP client keeps the connection busy, and
 * the request's abort listener attached, until its body has ended or been destroyed; destroying an
 * unfinished one closes the connection, which is cheaper than reading megabytes nobody wants.
 */
function discard(body) {
    if (body.destroyed)
        return;
    // Destroying an unfinished body makes it emit an abort error that nobody is listening for.
    body.on('error', () => { });
    body.destroy();
}


/***/ }),

/***/ 7218:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ formatIssues)
/* harmony export */ });
/* unused harmony export issuePath */
/** `findings[3].location.line` from a zod issue path. */
function issuePath(path) {
    let out = '';
    for (const key of path) {
        if (typeof key === 'number')
            out += `[${key}]`;
        else
            out += out === '' ? String(key) : `.${String(key)}`;
    }
    return out === '' ? 'body' : out;
}
/** One line per issue, the field first: what a user pastes into a bug report. */
function formatIssues(issues, prefix = '') {
    return issues.map(issue => {
        const path = issuePath(issue.path);
        const field = prefix === '' ? path : path === 'body' ? prefix : `${prefix}.${path}`;
        return `${field}: ${issue.message}`;
    });
}


/***/ }),

/***/ 3841:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kr: () => (/* binding */ RATE_LIMIT_STATUSES),
/* harmony export */   _: () => (/* binding */ timeoutSignal),
/* harmony export */   oK: () => (/* binding */ Transport)
/* harmony export */ });
/* unused harmony exports TransportClosedError, redactSecret, serverMessage, classifyNetworkError */
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3249);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7018);
/* harmony import */ var _response_body_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9374);
/* harmony import */ var _http_client_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2821);
/* harmony import */ var _schema_issues_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7218);
/* harmony import */ var _text_error_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6589);
/* harmony import */ var _time_sleep_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(254);








/** Statuses by which a server asks its clients to slow down. */
const RATE_LIMIT_STATUSES = new Set([429, 503]);
const ERROR_BODY_LIMIT = 300;
/**
 * The one place that talks HTTP to the API: authentication, timeouts, retries, redirects and
 * response validation. Everything above it sees typed values or typed errors.
 */
class Transport {
    options;
    http;
    requestCount = 0;
    /** Aborted by close(): what is still out then was only ever speculation. */
    closing = new AbortController();
    sentFirst = ignore;
    /**
     * Resolves once the first request has been handed to the network: work that can wait for the
     * network (loading modules needed later) starts then, so that it does not delay that request.
     */
    firstRequestSent = new Promise(resolve => (this.sentFirst = resolve));
    constructor(options) {
        this.options = options;
    }
    /** Requests sent so far, retries included (benchmarks and tests read it). */
    get requestsSent() {
        return this.requestCount;
    }
    async request(given) {
        const closing = this.closing.signal;
        const signal = given.signal ? AbortSignal.any([given.signal, closing]) : closing;
        const spec = { ...given, signal };
        const request = { method: spec.method, path: spec.path };
        const idempotent = spec.idempotent ?? spec.method !== 'POST';
        const { retry: policy } = this.options;
        for (let attempt = 1;; attempt++) {
            spec.signal?.throwIfAborted();
            const outcome = await this.attempt(spec, request, attempt, idempotent);
            if (outcome.kind === 'done')
                return outcome.value;
            spec.signal?.throwIfAborted();
            if (spec.rateLimit === 'caller' &&
                outcome.outcome.kind === 'status' &&
                RATE_LIMIT_STATUSES.has(outcome.outcome.status))
                throw outcome.error;
            const retryable = attempt <= policy.retries && (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .shouldRetry */ .Sc)(outcome.outcome, idempotent, policy);
            if (!retryable)
                throw outcome.error;
            const retryAfterMs = outcome.outcome.kind === 'status' ? outcome.outcome.retryAfterMs : undefined;
            const delayMs = (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retryDelayMs */ .qO)(attempt, policy, retryAfterMs, this.options.random ?? Math.random);
            this.options.onRetry?.({
                request,
                retry: attempt,
                retries: policy.retries,
                delayMs,
                reason: describeOutcome(outcome.outcome)
            });
            const { sleep } = this.options;
            await (sleep ?? _time_sleep_js__WEBPACK_IMPORTED_MODULE_5__/* .abortableSleep */ .M)(delayMs, spec.signal);
        }
    }
    /**
     * Opens connections to the API until `count` have been opened ahead of the requests that will
     * need them (see WarmConnections).
     */
    preconnect(count) {
        this.client().preconnect(count);
    }
    /**
     * Ends the transport's use: requests still in flight or waiting to be retried are cancelled
     * (they reject with a TransportClosedError), so that no speculative request or Retry-After
     * wait keeps the process alive once the run has what it needs; later requests fail at once.
     */
    async close() {
        this.closing.abort(new TransportClosedError());
        const http = this.http ?? this.options.http;
        this.http = undefined;
        await http?.close();
    }
    client() {
        // Built on first use, not at import: a run that fails on its inputs opens nothing here (and
        // closes what was opened before the action loaded).
        this.http ??= this.options.http ?? (0,_http_client_js__WEBPACK_IMPORTED_MODULE_4__/* .httpClientFor */ .r)(new URL(this.options.baseUrl));
        return this.http;
    }
    async attempt(spec, request, attempt, idempotent) {
        const timeout = timeoutSignal(this.options.timeoutMs, spec.signal);
        try {
            return await this.send(spec, request, attempt, idempotent, timeout.signal);
        }
        finally {
            timeout.clear();
        }
    }
    async send(spec, request, attempt, idempotent, 
    /** The attempt's timeout, aborted too when the caller's signal aborts. */
    signal) {
        this.requestCount++;
        const networkFailure = (error) => {
            // Cancelled by the caller, not a timeout: the caller no longer wants an answer.
            spec.signal?.throwIfAborted();
            const { code, detail } = classifyNetworkError(error, this.options.timeoutMs);
            const processed = !idempotent && (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .mayHaveBeenProcessed */ .uZ)(code);
            const failure = new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(request, code, this.redact(detail), attempt, processed);
            return { kind: 'failed', outcome: { kind: 'network', code }, error: failure };
        };
        const url = this.url(spec);
        let response;
        try {
            // Not `fetch`: fetch hands the body over through WHATWG streams, a copy and a chain of
            // promises per chunk, about 0.1 s of CPU per 60,000 findings. The client gives the bare
            // body: response-body.ts does what fetch did on top of it.
            response = await this.client().send(url, {
                method: spec.method,
                headers: this.headers(spec.body !== undefined, url),
                body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
                signal,
                onSent: this.sentFirst
            });
        }
        catch (error) {
            return networkFailure(error);
        }
        // A body that breaks before anyone reads it (a decoder may start late) emits an error event
        // that nobody hears, and an unheard error event ends the process. Readers still get the error:
        // a stream keeps it, and StreamedBody asks for it with `finished`.
        response.body.on('error', ignore);
        const status = response.statusCode;
        let body;
        try {
            body = (0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .decodedBody */ .jh)(status, (0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(response.headers, 'content-encoding'), response.body);
        }
        catch (error) {
            (0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .discard */ .vf)(response.body);
            return networkFailure(error);
        }
        // Only a success is streamed: error bodies are short and read whole for their message.
        const stream = succeeded(status) ? spec.stream : undefined;
        if (stream) {
            try {
                return { kind: 'done', value: await this.decodeStream(stream, request, body) };
            }
            catch (error) {
                if (error instanceof BodyReadError)
                    return networkFailure(error.cause);
                throw error;
            }
            finally {
                // A decoder may stop before the end; the rest of the body would hold the connection.
                (0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .discard */ .vf)(body);
            }
        }
        let text;
        try {
            text = await (0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .readText */ .yR)(body);
        }
        catch (error) {
            return networkFailure(error);
        }
        if (!succeeded(status)) {
            const retryAfterMs = (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)((0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(response.headers, 'retry-after'), (this.options.now ?? Date.now)());
            // Redact before serverMessage shortens the text: a cut could leave part of the token.
            // Only a 3xx is a redirect; a Location header on an error answer is not the reason.
            const location = status >= 300 && status < 400 ? (0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .headerValue */ .Z)(response.headers, 'location') : null;
            const redacted = serverMessage(this.redact(text), location === null ? null : this.redact(location));
            const hint = spec.hints?.[status] ?? (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .defaultHint */ .bO)(status);
            const failure = new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD(request, status, redacted, attempt, hint, retryAfterMs);
            return {
                kind: 'failed',
                outcome: { kind: 'status', status, retryAfterMs },
                error: failure
            };
        }
        if (!spec.schema)
            throw new TypeError('unreachable: a streamed request is decoded above');
        return { kind: 'done', value: this.parse(spec.schema, spec.fast, request, text) };
    }
    async decodeStream(decode, request, body) {
        try {
            return await decode(new StreamedBody(body));
        }
        catch (error) {
            // Problems can quote a received value, which a server may have echoed the token into.
            if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SchemaError */ .Ar) {
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SchemaError */ .Ar(request, error.problems.map(problem => this.redact(problem)));
            }
            throw error;
        }
    }
    parse(schema, fast, request, text) {
        let json;
        try {
            json = JSON.parse(text);
        }
        catch (error) {
            const reason = (0,_text_error_text_js__WEBPACK_IMPORTED_MODULE_6__/* .errorText */ .k)(error);
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SchemaError */ .Ar(request, [
                `body: not valid JSON (${this.redact(reason).slice(0, 120)})`
            ]);
        }
        const decoded = fast?.(json);
        if (decoded !== undefined)
            return decoded;
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
            // Issue messages can quote a received value, which a server may have echoed the token into.
            const problems = (0,_schema_issues_js__WEBPACK_IMPORTED_MODULE_7__/* .formatIssues */ .o)(parsed.error.issues).map(problem => this.redact(problem));
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SchemaError */ .Ar(request, problems);
        }
        return parsed.data;
    }
    url(spec) {
        const url = new URL(this.options.baseUrl + spec.path);
        for (const [key, value] of Object.entries(spec.query ?? {})) {
            if (value === undefined)
                continue;
            const values = Array.isArray(value) ? value : [value];
            for (const item of values)
                url.searchParams.append(key, String(item));
        }
        return url;
    }
    headers(hasBody, url) {
        const headers = {
            authorization: `Bearer ${this.options.token}`,
            accept: 'application/json',
            'accept-encoding': (0,_response_body_js__WEBPACK_IMPORTED_MODULE_3__/* .acceptEncoding */ .gr)(url),
            'user-agent': this.options.userAgent ?? 'findings-gate'
        };
        if (hasBody)
            headers['content-type'] = 'application/json';
        return headers;
    }
    /**
     * Servers sometimes echo what they were sent; the token must not reach a log through them.
     * Public so that code validating a response outside the transport can redact its messages too.
     */
    redact(text) {
        return redactSecret(text, this.options.token);
    }
}
/**
 * Like AbortSignal.timeout, but cleared once the request is answered: a pending
 * AbortSignal.timeout keeps the request's objects reachable until it fires, which over a thousand
 * SBOM polls in the timeout's span is tens of MB of heap. It also aborts, with the same reason, when
 * `parent` does. Not AbortSignal.any: that registers every attempt's signal with the long-lived
 * parent through a WeakRef and a FinalizationRegistry, which keeps each attempt's objects alive
 * through young-generation collections (thousands of SBOM polls grew the young generation).
 */
function timeoutSignal(ms, parent) {
    const controller = new AbortController();
    if (parent?.aborted) {
        controller.abort(parent.reason);
        return { signal: controller.signal, clear: ignore };
    }
    const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
    const follow = () => controller.abort(parent?.reason);
    parent?.addEventListener('abort', follow, { once: true });
    return {
        signal: controller.signal,
        clear: () => {
            clearTimeout(timer);
            parent?.removeEventListener('abort', follow);
        }
    };
}
function ignore() { }
/** A request cancelled because the transport was closed. */
class TransportClosedError extends Error {
    name = 'TransportClosedError';
    constructor() {
        super('the API client was closed before this request completed');
    }
}
/**
 * Only a 2xx is an answer to decode. A status the client could not read (0) or an interim one is
 * an error with its status, never a success whose body would be taken for the data.
 */
function succeeded(status) {
    return status >= 200 && status < 300;
}
/** A body that broke off while it was read: a network failure, not a decoding one. */
class BodyReadError extends Error {
    name = 'BodyReadError';
}
/**
 * The body's chunks for a decoder; a failure to read them is a BodyReadError, so that it is told
 * apart from the decoder's own errors. A body that broke before it was read still fails its
 * reader: `finished` reports what the stream already holds.
 */
class StreamedBody {
    body;
    chunks = [];
    received = 0;
    /** Set once the body has ended, or broken off (then with the error its readers get). */
    outcome;
    /** Settles the read in progress if it can (one at a time); true once it has. */
    pending;
    listening = false;
    constructor(body) {
        this.body = body;
    }
    async head(bytes) {
        await this.readUntil(bytes, true);
        return this.received;
    }
    async all() {
        await this.readUntil(Infinity, false);
        return this.chunks;
    }
    readUntil(bytes, pauseThen) {
        return new Promise((resolve, reject) => {
            const settle = () => {
                if (this.outcome?.error)
                    reject(this.outcome.error);
                else if (this.outcome || this.received >= bytes) {
                    // Paused here, in the handler of the chunk that passed `bytes`, so no more flows.
                    if (!this.outcome && pauseThen)
                        this.body.pause();
                    resolve();
                }
                else
                    return false;
                this.pending = undefined;
                return true;
            };
            if (settle())
                return;
            this.pending = settle;
            this.listen();
        });
    }
    listen() {
        if (this.listening) {
            this.body.resume();
            return;
        }
        this.listening = true;
        this.body.on('data', (chunk) => {
            this.chunks.push(chunk);
            this.received += chunk.length;
            this.pending?.();
        });
        (0,node_stream__WEBPACK_IMPORTED_MODULE_0__.finished)(this.body, error => {
            this.outcome = error
                ? { error: new BodyReadError('the body could not be read', { cause: error }) }
                : {};
            this.pending?.();
        });
    }
}
/** The length of a token prefix that is masked too: enough to be no coincidence. */
const SECRET_PREFIX_LENGTH = 8;
/**
 * Masks every occurrence of `secret` with `***`, and also what is left of it where a message was
 * cut to a length limit (`"...got fgt_abcdef1234"`): any run that starts like the secret, at least
 * SECRET_PREFIX_LENGTH characters long.
 */
function redactSecret(text, secret) {
    if (secret.length < 4)
        return text;
    const whole = text.split(secret).join('***');
    if (secret.length <= SECRET_PREFIX_LENGTH)
        return whole;
    const prefix = secret.slice(0, SECRET_PREFIX_LENGTH);
    let out = '';
    let from = 0;
    for (let at = whole.indexOf(prefix); at !== -1; at = whole.indexOf(prefix, from)) {
        let end = at + SECRET_PREFIX_LENGTH;
        while (end < whole.length && whole[end] === secret[end - at])
            end++;
        out += `${whole.slice(from, at)}***`;
        from = end;
    }
    return out + whole.slice(from);
}
function describeOutcome(outcome) {
    return outcome.kind === 'status' ? `HTTP ${outcome.status}` : outcome.code;
}
/** A short, single-line message out of an error body: JSON `error`/`message`, or HTML/text. */
function serverMessage(body, location) {
    if (location)
        return `redirected to ${location.slice(0, 200)}; set base-url to the final origin`;
    const trimmed = body.trim();
    if (trimmed === '')
        return undefined;
    try {
        const json = JSON.parse(trimmed);
        if (json && typeof json === 'object') {
            const record = json;
            for (const key of ['error', 'message', 'detail', 'errors']) {
                const value = record[key];
                // `"error": null` or `"errors": []` next to a real message says nothing: skip it.
                if (isEmptyValue(value))
                    continue;
                if (typeof value === 'string')
                    return oneLine(value);
                return oneLine(JSON.stringify(value));
            }
        }
    }
    catch {
        // not JSON: fall through to text
    }
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1];
    const text = title ?? trimmed.replace(/<[^>]*>/g, ' ');
    return oneLine(text) || undefined;
}
function isEmptyValue(value) {
    if (value === undefined || value === null)
        return true;
    if (typeof value === 'string')
        return value.trim() === '';
    if (Array.isArray(value))
        return value.length === 0;
    return typeof value === 'object' && Object.keys(value).length === 0;
}
function oneLine(text) {
    return text.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_LIMIT);
}
const CLOSED_EARLY = 'connection closed by the server before the response was complete';
const CODE_DETAILS = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the server',
    UND_ERR_SOCKET: CLOSED_EARLY,
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'DNS lookup failed',
    UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
    [_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .CONNECT_TIMEOUT_CODE */ .Lo]: 'connection timed out',
    ETIMEDOUT: 'connection timed out',
    EPIPE: 'connection closed while sending',
    CERT_HAS_EXPIRED: 'TLS certificate expired',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
    SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
    UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
    ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not name this host'
};
/**
 * node:http's names for a connection the server closed before its answer was whole: "socket hang
 * up" before the headers, "aborted" during the body. Both carry ECONNRESET, which a reset proper
 * (`read ECONNRESET`) carries too.
 */
function closedEarly(error) {
    return (error.code === 'ECONNRESET' &&
        (error.message === 'aborted' || error.message === 'socket hang up'));
}
/**
 * The host the failed lookup or connection was for, as the error itself records it: with a proxy
 * that is the proxy, which is exactly what someone checking HTTPS_PROXY / NO_PROXY needs to see.
 */
function peerOf(error) {
    if (typeof error.hostname === 'string' && error.hostname !== '')
        return error.hostname;
    if (typeof error.address !== 'string' || error.address === '')
        return undefined;
    return typeof error.port === 'number' ? `${error.address}:${error.port}` : error.address;
}
/** Duck-typed: errors can come from another realm (DOMException, test VMs) and fail instanceof. */
function asErrorLike(value) {
    return value !== null && typeof value === 'object' ? value : undefined;
}
/**
 * What went wrong, from the code that says so. `node:http` rejects with the socket's error
 * (`ECONNREFUSED`, `ECONNRESET`), undici's `request` (behind a proxy) with its own
 * (`UND_ERR_SOCKET`), `fetch` with a TypeError whose `cause` chain holds it, and a body that breaks
 * off with it as the cause of a BodyReadError: the chain is searched, so all read the same. An
 * abort of the request's signal rejects with the signal's reason, a DOMException; undici's own
 * RequestAbortedError is named AbortError too but carries a code (a proxy refusing the tunnel,
 * `UND_ERR_ABORTED`), so only an error without a string code is taken for the timeout.
 */
function classifyNetworkError(error, timeoutMs) {
    const top = asErrorLike(error);
    if ((top?.name === 'TimeoutError' || top?.name === 'AbortError') &&
        typeof top.code !== 'string') {
        return { code: 'TIMEOUT', detail: `no complete response within ${timeoutMs / 1000} s` };
    }
    let current = top;
    for (let depth = 0; depth < 5 && current; depth++) {
        if (typeof current.code === 'string' && current.code !== 'UND_ERR') {
            const detail = (closedEarly(current) ? CLOSED_EARLY : CODE_DETAILS[current.code]) ??
                String(current.message);
            const peer = peerOf(current);
            return { code: current.code, detail: peer === undefined ? detail : `${detail}: ${peer}` };
        }
        current = asErrorLike(current.cause);
    }
    return {
        code: 'ENETWORK',
        detail: typeof top?.message === 'string' ? top.message : String(error)
    };
}


/***/ }),

/***/ 5847:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ct: () => (/* binding */ camelObject),
/* harmony export */   DT: () => (/* binding */ policyModeOf),
/* harmony export */   HL: () => (/* binding */ stringId),
/* harmony export */   IX: () => (/* binding */ policyMode),
/* harmony export */   P2: () => (/* binding */ reachabilityOf),
/* harmony export */   RW: () => (/* binding */ timestampMillis),
/* harmony export */   Vi: () => (/* binding */ numericId),
/* harmony export */   Yn: () => (/* binding */ stringList),
/* harmony export */   oY: () => (/* binding */ reachability),
/* harmony export */   sx: () => (/* binding */ optionalString),
/* harmony export */   vE: () => (/* binding */ timestamp),
/* harmony export */   xJ: () => (/* binding */ severityOf),
/* harmony export */   yf: () => (/* binding */ severity)
/* harmony export */ });
/* unused harmony export camelizeKeys */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9691);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8532);

/**
 * Building blocks of the response schemas. The service answers in two case styles and two
 * timestamp forms (see shared/research/semgrep-api.md §1.11); these accept both and normalise.
 * Unknown fields pass through unvalidated; the fields we use are checked strictly.
 */
function snakeToCamel(key) {
    return key.replace(/_([a-z0-9])/g, (_match, char) => char.toUpperCase());
}
/** Shallow: each sub-object schema applies it again, so nested objects are covered too. */
function camelizeKeys(value) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        return value;
    const out = {};
    for (const [key, item] of Object.entries(value))
        out[key.includes('_') ? snakeToCamel(key) : key] = item;
    return out;
}
/** An object schema that accepts snake_case or camelCase keys. */
function camelObject(shape) {
    return zod__WEBPACK_IMPORTED_MODULE_0__/* .preprocess */ .vkY(camelizeKeys, zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc(shape));
}
const optionalString = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish();
const stringList = zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP())
    .nullish()
    .transform(list => list ?? []);
/** int64 ids arrive as JSON numbers in some resources and as strings in others. */
const numericId = zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([
    zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(/^\d+$/, 'expected a numeric id').transform(Number)
]);
const stringId = zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()]).transform(String);
const CANONICAL_UTC = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|\+00:?00)$/;
function isDigitAt(text, at) {
    const code = text.charCodeAt(at);
    return code >= 48 && code <= 57;
}
/** The number written by `length` ASCII digits at `at` (already checked to be digits). */
function digitsAt(text, at, length) {
    let value = 0;
    for (let i = at; i < at + length; i++)
        value = value * 10 + text.charCodeAt(i) - 48;
    return value;
}
/**
 * `2026-11-01T12:00:00.123456Z` or `2026-11-01 12:00:00.123456+00:00` → epoch milliseconds.
 * A number, not a string: tens of thousands of findings each carry one.
 */
function timestampMillis(raw) {
    // Both wire forms are UTC in practice: read the digits in place, no Date round trip (hot path).
    if (CANONICAL_UTC.test(raw)) {
        const year = digitsAt(raw, 0, 4);
        const month = digitsAt(raw, 5, 2);
        const day = digitsAt(raw, 8, 2);
        const hours = digitsAt(raw, 11, 2);
        const minutes = digitsAt(raw, 14, 2);
        const seconds = digitsAt(raw, 17, 2);
        if (!validDate(year, month, day) || hours > 23 || minutes > 59 || seconds > 59)
            return undefined;
        // The fraction's first three digits, if any: ".5" is 500 ms, ".123456" is 123 ms.
        let millis = 0;
        if (raw[19] === '.') {
            for (let i = 20, scale = 100; scale >= 1 && isDigitAt(raw, i); i++, scale /= 10) {
                millis += (raw.charCodeAt(i) - 48) * scale;
            }
        }
        return Date.UTC(year, month - 1, day, hours, minutes, seconds, millis);
    }
    const candidate = raw.trim().replace(/^(\d{4}-\d{2}-\d{2})[ T]/, '$1T');
    if (!/^\d{4}-\d{2}-\d{2}(T|$)/.test(candidate))
        return undefined;
    const ms = Date.parse(candidate);
    return Number.isNaN(ms) ? undefined : ms;
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Rejects what the regular expression cannot (2026-02-30), without building a Date. */
function validDate(year, month, day) {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
    return day >= 1 && day <= days;
}
/**
 * A string mapped through `convert`. What it cannot map is a schema problem naming what was
 * expected: a gate must not guess (an unknown severity would otherwise be under-counted).
 */
function converted(convert, expected) {
    return zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().transform((raw, ctx) => {
        const value = convert(raw);
        if (value === undefined) {
            ctx.addIssue({ code: 'custom', message: `expected ${expected} (got "${raw.slice(0, 40)}")` });
            return zod__WEBPACK_IMPORTED_MODULE_1__/* .NEVER */ .tm;
        }
        return value;
    });
}
const timestamp = converted(timestampMillis, 'an ISO 8601 timestamp');
/** Own keys only: "constructor" or "__proto__" must not find Object.prototype's members. */
function aliasOf(aliases, key) {
    return Object.hasOwn(aliases, key) ? aliases[key] : undefined;
}
/** The service documents Low=INFO, Medium=WARNING, High=ERROR for older rules. */
const SEVERITY_ALIASES = {
    low: 'low',
    info: 'low',
    medium: 'medium',
    warning: 'medium',
    moderate: 'medium',
    high: 'high',
    error: 'high',
    critical: 'critical'
};
/** The severity a wire spelling stands for; undefined when it names none. */
function severityOf(raw) {
    // Most items spell it as a key already: one lookup before normalising the spelling.
    return aliasOf(SEVERITY_ALIASES, raw) ?? aliasOf(SEVERITY_ALIASES, raw.trim().toLowerCase());
}
const severity = converted(severityOf, 'one of low, medium, high, critical');
/** Live answers use spaces (`always reachable`), the description underscores. */
const REACHABILITY_ALIASES = {
    reachable: 'reachable',
    always_reachable: 'always_reachable',
    conditionally_reachable: 'conditionally_reachable',
    unreachable: 'unreachable',
    unknown: 'unknown',
    no_reachability_analysis: 'unknown'
};
/** The exposure a wire spelling stands for (blank is unknown); undefined when it names none. */
function reachabilityOf(raw) {
    // A key normalises to itself, so looking it up first changes no answer, only the cost.
    const exact = aliasOf(REACHABILITY_ALIASES, raw);
    if (exact !== undefined)
        return exact;
    const trimmed = raw.trim();
    if (trimmed === '')
        return 'unknown';
    return aliasOf(REACHABILITY_ALIASES, trimmed.toLowerCase().replace(/[\s-]+/g, '_'));
}
const reachability = converted(reachabilityOf, 'a reachability such as reachable, always_reachable, unreachable')
    .nullish()
    .transform((value) => value ?? 'unknown');
const POLICY_MODE_VALUES = {
    MODE_MONITOR: 'monitor',
    MODE_COMMENT: 'comment',
    MODE_BLOCK: 'block',
    MODE_DISABLED: 'disabled'
};
/** A rule's mode: an unrecognised one is kept as unknown (never blocks by mode; shown as unknown). */
function policyModeOf(raw) {
    return raw ? (POLICY_MODE_VALUES[raw.trim().toUpperCase()] ?? 'unknown') : 'unknown';
}
const policyMode = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish().transform(policyModeOf);


/***/ }),

/***/ 9375:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b3: () => (/* binding */ EXPOSURES),
/* harmony export */   cH: () => (/* binding */ validationStateText),
/* harmony export */   co: () => (/* binding */ ISSUE_TYPES),
/* harmony export */   dh: () => (/* binding */ SECRETS_THRESHOLDS),
/* harmony export */   eN: () => (/* binding */ SBOM_COMPONENT_TYPES),
/* harmony export */   k8: () => (/* binding */ policyModeRank),
/* harmony export */   oC: () => (/* binding */ SEVERITIES),
/* harmony export */   pM: () => (/* binding */ FINDING_STATUSES),
/* harmony export */   qs: () => (/* binding */ severityRank),
/* harmony export */   yK: () => (/* binding */ POLICY_MODES),
/* harmony export */   zR: () => (/* binding */ TRANSITIVITIES)
/* harmony export */ });
/* unused harmony exports VALIDATION_STATES, SBOM_STATUSES, SCAN_STATUSES */
/**
 * The domain model. The API client normalises the wire format into these types once, at the
 * boundary; the gate, the actions and the reporters read only these.
 */
const SEVERITIES = ['low', 'medium', 'high', 'critical'];
/** Policy modes in increasing strictness; `disabled` never blocks. */
const POLICY_MODES = ['disabled', 'monitor', 'comment', 'block'];
const EXPOSURES = [
    'reachable',
    'always_reachable',
    'conditionally_reachable',
    'unreachable',
    'unknown'
];
/** How an SCA finding's dependency entered the project; `unknown` when the server did not say. */
const TRANSITIVITIES = ['direct', 'transitive', 'unknown'];
const ISSUE_TYPES = ['sast', 'sca', 'secrets'];
/** What the platform learned by trying a secret against its service; `unknown` when not told. */
const VALIDATION_STATES = (/* unused pure expression or super */ null && ([
    'confirmed_valid',
    'confirmed_invalid',
    'validation_error',
    'no_validator',
    'unknown'
]));
/** Which validation states block whatever the severity (`fail-on-secrets`). */
const SECRETS_THRESHOLDS = ['valid', 'valid-or-unverified', 'any', 'none'];
const VALIDATION_STATE_TEXT = {
    confirmed_valid: 'confirmed valid',
    confirmed_invalid: 'confirmed invalid',
    validation_error: 'validation error',
    no_validator: 'no validator',
    unknown: 'not validated'
};
function validationStateText(state) {
    return VALIDATION_STATE_TEXT[state];
}
const FINDING_STATUSES = [
    'open',
    'fixed',
    'ignored',
    'reviewing',
    'fixing',
    'provisionally_ignored'
];
function severityRank(severity) {
    return SEVERITIES.indexOf(severity);
}
function policyModeRank(mode) {
    return POLICY_MODES.indexOf(mode);
}
/** CycloneDX 1.5+ `metadata.component.type` values. */
const SBOM_COMPONENT_TYPES = [
    'application',
    'framework',
    'library',
    'container',
    'platform',
    'operating_system',
    'device',
    'device_driver',
    'firmware',
    'file',
    'machine_learning_model',
    'data'
];
const SBOM_STATUSES = (/* unused pure expression or super */ null && (['in_progress', 'completed', 'failed']));
/** What the scanner recorded for one run; `unknown` for a status this client does not know. */
const SCAN_STATUSES = (/* unused pure expression or super */ null && ([
    'pending',
    'running',
    'completed',
    'error',
    'cancelled',
    'never_finished',
    'unknown'
]));


/***/ }),

/***/ 2889:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ IgnoreFileError)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);

class IgnoreFileError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .y {
    file;
    problems;
    name = 'IgnoreFileError';
    constructor(file, problems) {
        super(problems.map(problem => `ignore-file ${file}: ${problem}`).join('\n'));
        this.file = file;
        this.problems = problems;
    }
}


/***/ }),

/***/ 6912:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ki: () => (/* binding */ JUDGEMENT_TEXT),
  Gc: () => (/* binding */ judgeLicenses),
  BJ: () => (/* binding */ licensePolicyOf),
  Nm: () => (/* binding */ violationsNoun)
});

// UNUSED EXPORTS: judgeDependency

;// CONCATENATED MODULE: ./src/gate/spdx.ts
/**
 * SPDX license expressions (SPDX 2.3, annex D): `MIT`, `MIT OR GPL-3.0-only`,
 * `(Apache-2.0 AND BSD-3-Clause) OR MIT`, `GPL-2.0-only WITH Classpath-exception-2.0`, `GPL-2.0+`.
 *
 * WITH binds tighter than AND, AND tighter than OR; operators may be written in upper or lower
 * case, and license ids compare case-insensitively, as the specification says. An expression
 * that does not follow the grammar is a problem value, never a guess: the license gate blocks it.
 */
/** `LicenseRef-x`, `DocumentRef-y:LicenseRef-x` and the listed ids: letters, digits, `-`, `.`. */
const ID = /^(?:DocumentRef-[A-Za-z0-9.-]+:)?[A-Za-z0-9.-]+$/;
const OPERATORS = new Set(['and', 'or', 'with']);
class Tokens {
    tokens;
    index = 0;
    constructor(tokens) {
        this.tokens = tokens;
    }
    peek() {
        return this.tokens[this.index];
    }
    /** The next token when it is the operator `word` (either case); consumed. */
    takeOperator(word) {
        const next = this.peek();
        if (next === undefined || next.toLowerCase() !== word)
            return false;
        if (next !== word && next !== word.toUpperCase())
            return false;
        this.index++;
        return true;
    }
    take() {
        return this.tokens[this.index++];
    }
}
class ExpressionError extends Error {
}
function isOperator(token) {
    return OPERATORS.has(token.toLowerCase());
}
function parseOr(tokens) {
    let left = parseAnd(tokens);
    while (tokens.takeOperator('or'))
        left = { kind: 'or', left, right: parseAnd(tokens) };
    return left;
}
function parseAnd(tokens) {
    let left = parsePrimary(tokens);
    while (tokens.takeOperator('and'))
        left = { kind: 'and', left, right: parsePrimary(tokens) };
    return left;
}
function parsePrimary(tokens) {
    const token = tokens.take();
    if (token === undefined)
        throw new ExpressionError('ends where a license was expected');
    if (token === '(') {
        const inner = parseOr(tokens);
        if (tokens.take() !== ')')
            throw new ExpressionError('has an unclosed "("');
        return inner;
    }
    const leaf = licenseOf(token);
    if (!tokens.takeOperator('with'))
        return leaf;
    const exception = tokens.take();
    if (exception === undefined || !ID.test(exception) || isOperator(exception)) {
        throw new ExpressionError(`has WITH without an exception id after ${token}`);
    }
    return { ...leaf, exception };
}
function licenseOf(token) {
    const orLater = token.endsWith('+');
    const id = orLater ? token.slice(0, -1) : token;
    if (token === ')' || isOperator(token) || !ID.test(id)) {
        throw new ExpressionError(`has "${token}" where a license id was expected`);
    }
    return { kind: 'license', id, orLater };
}
/** Parses one expression; the problem says what is wrong, for the report. */
function parseLicenseExpression(text) {
    const tokens = text
        .replace(/([()])/g, ' $1 ')
        .trim()
        .split(/\s+/);
    if (tokens.length === 1 && tokens[0] === '')
        return { ok: false, problem: 'is empty' };
    const stream = new Tokens(tokens);
    try {
        const expression = parseOr(stream);
        const rest = stream.peek();
        if (rest !== undefined) {
            throw new ExpressionError(`has "${rest}" where AND, OR or the end was expected`);
        }
        return { ok: true, expression };
    }
    catch (error) {
        if (error instanceof ExpressionError)
            return { ok: false, problem: error.message };
        throw error;
    }
}
/**
 * Whether an expression is acceptable when each of its licenses is judged by `judge`: an `OR`
 * is acceptable when one alternative is, an `AND` when every part is.
 */
function acceptance(expression, judge) {
    if (expression.kind === 'license')
        return judge(expression);
    const left = acceptance(expression.left, judge);
    const right = acceptance(expression.right, judge);
    const decisive = expression.kind === 'or' ? 'accepted' : 'refused';
    if (left === decisive || right === decisive)
        return decisive;
    if (left === 'unknown' || right === 'unknown')
        return 'unknown';
    return left;
}
/** Ids that say the license is not known (SPDX's NOASSERTION, and what scanners write). */
const UNKNOWN_IDS = new Set(['noassertion', 'unknown']);
function isUnknownLicense(leaf) {
    return UNKNOWN_IDS.has(leaf.id.toLowerCase()) && leaf.exception === undefined;
}
const normalised = (text) => text.trim().replace(/\s+/g, ' ').toLowerCase();
/**
 * True when a list entry names this license: the whole leaf (`GPL-2.0-only WITH
 * Classpath-exception-2.0`, `GPL-2.0+`), or its license id alone, so an entry `GPL-2.0-only`
 * covers that license with or without an exception or a later version.
 */
function leafMatcher(entries) {
    const listed = new Set(entries.map(normalised));
    return leaf => {
        const id = leaf.id.toLowerCase();
        const withPlus = leaf.orLater ? `${id}+` : id;
        const whole = leaf.exception === undefined ? withPlus : `${withPlus} with ${normalised(leaf.exception)}`;
        return listed.has(whole) || listed.has(withPlus) || listed.has(id);
    };
}

;// CONCATENATED MODULE: ./src/gate/licenses.ts

/** Why a listed dependency is listed, in the words every report uses. */
const JUDGEMENT_TEXT = {
    denied: 'denied by deny-licenses',
    'not-allowed': 'not in allow-licenses',
    unparseable: 'license expression cannot be read',
    unknown: 'license unknown'
};
/** What the listed dependencies have in common, for a heading or a log line. */
function violationsNoun(violations) {
    if (violations.every(v => v.judgement === 'denied'))
        return 'a denied license';
    if (violations.every(v => v.judgement === 'not-allowed'))
        return 'a license not in allow-licenses';
    return 'a license that blocks';
}
/** The policy the thresholds set, or undefined when neither list is. */
function licensePolicyOf(thresholds) {
    if (thresholds.allowLicenses.length > 0) {
        return { mode: 'allow', licenses: thresholds.allowLicenses };
    }
    if (thresholds.denyLicenses.length > 0)
        return { mode: 'deny', licenses: thresholds.denyLicenses };
    return undefined;
}
/** How one license of an expression fares under the policy. */
function leafJudge(policy) {
    const listed = leafMatcher(policy.licenses);
    return leaf => {
        if (isUnknownLicense(leaf))
            return 'unknown';
        return listed(leaf) === (policy.mode === 'allow') ? 'accepted' : 'refused';
    };
}
/** The licenses as one text: parts that are expressions themselves are parenthesised. */
function licenseText(licenses) {
    if (licenses.length === 1)
        return licenses[0] ?? '';
    return licenses.map(license => (/\s/.test(license) ? `(${license})` : license)).join(' AND ');
}
/** One dependency's judgement; `accepted` is not listed. */
function judgeDependency(licenses, policy) {
    const given = licenses.map(license => license.trim()).filter(license => license !== '');
    if (given.length === 0)
        return { judgement: 'unknown' };
    const parts = [];
    for (const license of given) {
        const parsed = parseLicenseExpression(license);
        if (!parsed.ok)
            return { judgement: 'unparseable', problem: `"${license}" ${parsed.problem}` };
        parts.push(parsed.expression);
    }
    const whole = parts.reduce((left, right) => ({ kind: 'and', left, right }));
    const outcome = acceptance(whole, leafJudge(policy));
    if (outcome === 'accepted')
        return { judgement: 'accepted' };
    if (outcome === 'unknown')
        return { judgement: 'unknown' };
    return { judgement: policy.mode === 'allow' ? 'not-allowed' : 'denied' };
}
function judged(listed, policy) {
    const { dependency, matched } = listed;
    const given = dependency.licenses.some(license => license.trim() !== '');
    if (!given && matched !== undefined)
        return { judgement: 'denied', license: matched };
    return {
        ...judgeDependency(dependency.licenses, policy),
        license: licenseText(dependency.licenses)
    };
}
/**
 * The dependencies the gate lists, each package, version and license once, sorted. Dependencies
 * of another repository are skipped: a server ignoring the repository filter must not fail this
 * repository.
 */
function judgeLicenses(listed, policy, repositoryId) {
    const seen = new Set();
    const out = [];
    for (const entry of listed) {
        const { dependency } = entry;
        if (repositoryId !== undefined &&
            dependency.repositoryId !== undefined &&
            dependency.repositoryId !== String(repositoryId))
            continue;
        const { judgement, license, problem } = judged(entry, policy);
        const key = JSON.stringify([dependency.name, dependency.version, license]);
        if (judgement === 'accepted' || seen.has(key))
            continue;
        seen.add(key);
        out.push({
            package: dependency.name,
            version: dependency.version,
            license,
            judgement,
            ...(problem !== undefined && { problem })
        });
    }
    return out.sort((a, b) => a.package.localeCompare(b.package) ||
        a.version.localeCompare(b.version) ||
        a.license.localeCompare(b.license));
}


/***/ }),

/***/ 2274:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Me: () => (/* binding */ readsIgnoreFileAtBase),
/* harmony export */   Sj: () => (/* binding */ pullRequestTarget),
/* harmony export */   xP: () => (/* binding */ forkPullRequest)
/* harmony export */ });
function payloadOf(ctx) {
    const payload = ctx.eventPayload;
    return payload && typeof payload === 'object' ? payload : undefined;
}
/** A pull request whose head lives in another repository: GitHub gives it no secrets. */
function forkPullRequest(ctx) {
    if (ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target')
        return false;
    const pr = payloadOf(ctx)?.pull_request;
    const head = pr?.head?.repo?.full_name;
    const base = pr?.base?.repo?.full_name;
    return typeof head === 'string' && typeof base === 'string' && head !== base;
}
/** Where the PR comment goes, or undefined outside a pull request. */
function pullRequestTarget(ctx) {
    const payload = payloadOf(ctx);
    const number = payload?.pull_request?.number ?? payload?.number;
    const [owner, repo] = (ctx.env.GITHUB_REPOSITORY ?? '').split('/');
    if (typeof number !== 'number' || !owner || !repo)
        return undefined;
    return {
        owner,
        repo,
        issueNumber: number,
        apiUrl: ctx.env.GITHUB_API_URL ?? 'https://api.github.com'
    };
}
/** Events whose workspace is the pull request's tree (as the PR comment, the events of a PR). */
const BASE_READ_EVENTS = new Set(['pull_request', 'pull_request_target']);
/** True when the ignore file must be read at the pull request's base, not in the workspace. */
function readsIgnoreFileAtBase(eventName) {
    return BASE_READ_EVENTS.has(eventName ?? '');
}


/***/ }),

/***/ 270:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./src/api/wire.ts
var wire = __webpack_require__(5847);
// EXTERNAL MODULE: ./src/errors.ts
var src_errors = __webpack_require__(3916);
;// CONCATENATED MODULE: ./src/api/deployments.ts



const DeploymentsResponse = schemas/* object */.Ikc({
    deployments: schemas/* array */.YOg(schemas/* object */.Ikc({ id: wire/* stringId */.HL, slug: schemas/* string */.YjP().min(1), name: schemas/* string */.YjP().nullish() }))
});
const DEPLOYMENTS_PATH = '/api/v1/deployments';
/** The deployments the token can access (the service says: exactly one today). */
async function listDeployments(transport) {
    const response = await transport.request({
        method: 'GET',
        path: DEPLOYMENTS_PATH,
        schema: DeploymentsResponse,
        hints: { 404: 'the token has no Web API access (an "Agent (CI)" token cannot use the Web API)' }
    });
    return response.deployments.map(d => ({ id: d.id, slug: d.slug, name: d.name ?? d.slug }));
}
/**
 * The log line of a run that found its deployment through the token: setting the inputs it names
 * saves that round trip, and with the id the findings count is asked for at once too.
 */
function discoveredNote(deployment) {
    return `Deployment ${deployment.slug} (id ${deployment.id}) found through the api-token; with deployment-slug: ${deployment.slug} and deployment-id: ${deployment.id} set, the findings requests start a round trip sooner`;
}
class DeploymentError extends src_errors/* UserError */.y {
    name = 'DeploymentError';
}
/** The deployment the inputs name, from the ones the token can access; the other key is filled in. */
function pickDeployment(accessible, wanted) {
    const names = accessible.map(d => `${d.slug} (id ${d.id})`).join(', ') || 'none';
    const matches = accessible.filter(d => (wanted.slug === undefined || d.slug.toLowerCase() === wanted.slug.toLowerCase()) &&
        (wanted.id === undefined || d.id === wanted.id));
    if (matches.length === 1)
        return matches[0];
    if (wanted.slug === undefined && wanted.id === undefined) {
        const problem = accessible.length === 0
            ? 'can access no deployment'
            : `can access several deployments: ${names}; set deployment-slug`;
        throw new DeploymentError(`The api-token ${problem}`);
    }
    const asked = [
        wanted.slug && `deployment-slug "${wanted.slug}"`,
        wanted.id && `deployment-id "${wanted.id}"`
    ]
        .filter(Boolean)
        .join(' and ');
    throw new DeploymentError(`${asked} does not match a deployment this api-token can access (${names})`);
}
/**
 * A slug and an id that name different deployments: findings would be read from one and policies
 * from the other (a policy 404 there, and every mode unknown). Named with what the token sees.
 */
function mismatch(accessible, slug, id) {
    const bySlug = accessible.find(d => d.slug.toLowerCase() === slug.toLowerCase());
    const byId = accessible.find(d => d.id === id);
    if (bySlug !== undefined) {
        const other = byId === undefined ? '' : `, and id ${id} is ${byId.slug}`;
        return new DeploymentError(`deployment-id "${id}" does not match deployment-slug "${slug}": the api-token sees ${bySlug.slug} with id ${bySlug.id}${other}; set deployment-id to ${bySlug.id} or leave it empty`);
    }
    if (byId !== undefined) {
        return new DeploymentError(`deployment-slug "${slug}" does not match deployment-id "${id}": the api-token sees no deployment ${slug}, and id ${id} is ${byId.slug}; set deployment-slug to ${byId.slug} or leave it empty`);
    }
    return new DeploymentError(`deployment-slug "${slug}" and deployment-id "${id}" do not match a deployment this api-token can access (${accessible.map(d => `${d.slug} (id ${d.id})`).join(', ') || 'none'})`);
}
/**
 * Both keys are needed (findings by slug, policies and SBOMs by id). When both are given they are
 * still checked against each other: one request, against judging findings of one deployment with
 * the policies of another.
 */
async function resolveDeployment(transport, wanted) {
    const accessible = await listDeployments(transport);
    if (wanted.slug !== undefined && wanted.id !== undefined) {
        const slug = wanted.slug.toLowerCase();
        const both = accessible.find(d => d.slug.toLowerCase() === slug && d.id === wanted.id);
        if (both === undefined)
            throw mismatch(accessible, wanted.slug, wanted.id);
    }
    return pickDeployment(accessible, wanted);
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
// EXTERNAL MODULE: ./src/api/paginate.ts
var paginate = __webpack_require__(5427);
;// CONCATENATED MODULE: ./src/api/speculation.ts
/**
 * Pages asked for before it is known that their list reaches them, shared by the lists of one
 * run. Such a page either turns out to be needed (its slot comes back) or lies past the end of its
 * list (its slot is spent for good): so however the lists end, the run sends at most `limit`
 * requests more than the fewest that could have fetched it.
 *
 * The slots are shared evenly by the lists that have shown they are long and the lists whose first
 * page is still out that may turn out long: one list that happens to answer first does not take
 * every slot and keep the others at one page per round trip. A list that is seldom long (one that
 * asks for no page ahead: the reviewing and fixing findings) takes no share while its first page
 * is out, only once it shows it is long.
 */
class SpeculationBudget {
    limit;
    held = 0;
    spent = 0;
    members = 0;
    undecided = 0;
    constructor(limit) {
        this.limit = limit;
    }
    /**
     * A list asked for its first page. `mayBeLong`: whether it counts for a share until it shows
     * it is long (the same value goes to its join and leave).
     */
    enter(mayBeLong = true) {
        if (mayBeLong)
            this.undecided++;
    }
    /** A list whose first page was full: it may now speculate. */
    join(mayBeLong = true) {
        if (mayBeLong)
            this.undecided = Math.max(0, this.undecided - 1);
        this.members++;
    }
    /**
     * The list ended (or was abandoned) with `stillHeld` speculative pages out: those are spent.
     * `joined`: whether it had joined.
     */
    leave(stillHeld, joined, mayBeLong = true) {
        if (joined)
            this.members = Math.max(0, this.members - 1);
        else if (mayBeLong)
            this.undecided = Math.max(0, this.undecided - 1);
        this.spend(stillHeld);
    }
    /** One more speculative page for a list that holds `mine` already; false when none is left. */
    take(mine) {
        const capacity = this.limit - this.spent;
        const share = Math.ceil(capacity / Math.max(1, this.members + this.undecided));
        if (this.held >= capacity || mine >= share)
            return false;
        this.held++;
        return true;
    }
    /** `count` speculative pages held were given up unread: their slots are spent for good. */
    spend(count) {
        this.held -= count;
        this.spent += count;
    }
    /** A speculative page turned out to be needed. */
    give() {
        this.held--;
    }
    /** Slots spent on pages past an end so far (tests and benchmarks read it). */
    get wasted() {
        return this.spent;
    }
}
/**
 * How many items the lists of one finding type hold together, by the proven scan's count: the
 * pages that count covers are asked for at once instead of a few more per round trip, outside
 * the budget. A count that overstates the lists costs the pages it overstates by (plus at most
 * one per list, when one list takes pages that another turns out to need); one that understates
 * them, or none at all, leaves the budget to speculate as before. Only requests depend on it:
 * every list still ends on a page that proves its end.
 */
class ExpectedItems {
    total;
    used = 0;
    listeners = [];
    constructor(total) {
        // A count that cannot be had is no count: the lists are paged as without one.
        total.then(value => {
            if (value === undefined || !Number.isSafeInteger(value) || value < 0)
                return;
            this.total = value;
            for (const listener of this.listeners.splice(0))
                listener();
        }, () => undefined);
    }
    /** Calls `listener` once the count is known (never, if it never is). */
    onKnown(listener) {
        if (this.total !== undefined)
            listener();
        else
            this.listeners.push(listener);
    }
    /** A page of `size` past a list's first was asked for on other grounds: it holds its share. */
    use(size) {
        this.used += size;
    }
    /** Whether the count covers one more page of `size` past a list's first; if so it is taken. */
    take(size) {
        if (this.total === undefined || this.total - this.used < size)
            return false;
        this.used += size;
        return true;
    }
}

;// CONCATENATED MODULE: ./src/api/read-gate.ts
/**
 * At most `limit` large bodies read and decoded at once. Decoding is CPU on the one thread, so
 * reading more bodies at once does not finish them sooner: it only holds them in memory. A body
 * that waits here stays in its socket (a stream nobody consumes stops reading it), and with
 * every page a count covers asked for at once, a long list would otherwise hold all its pages in
 * the heap together (a 3,000-finding page is about 5 MB).
 *
 * A reader that makes no progress is no reason to hold the rest: when no permit has been given
 * back for `stallMs` while others wait, one more is let through, so a stalled body delays the
 * others by at most that (and is ended by its own request timeout, as before).
 */
class ReadGate {
    limit;
    stallMs;
    active = 0;
    waiting = [];
    stallTimer;
    constructor(limit, stallMs) {
        this.limit = limit;
        this.stallMs = stallMs;
    }
    /** Resolves with the function that gives the permit back (once; later calls do nothing). */
    async acquire() {
        if (this.active >= this.limit) {
            await new Promise(resolve => {
                this.waiting.push(resolve);
                this.watchForStall();
            });
        }
        else {
            this.active++;
        }
        let released = false;
        return () => {
            if (released)
                return;
            released = true;
            this.release();
        };
    }
    /** How many readers hold a permit; how many wait for one. */
    get load() {
        return { active: this.active, waiting: this.waiting.length };
    }
    release() {
        this.active--;
        // A permit given back is progress: the stall check starts over.
        this.clearStallTimer();
        // Once a stall has let one more through, a permit given back passes on only when the
        // count is under the limit again.
        if (this.active < this.limit)
            this.admitNext();
        else
            this.watchForStall();
    }
    admitNext() {
        const next = this.waiting.shift();
        if (next === undefined)
            return;
        this.active++;
        next();
        this.watchForStall();
    }
    watchForStall() {
        if (this.stallTimer !== undefined || this.waiting.length === 0)
            return;
        this.stallTimer = setTimeout(() => {
            this.stallTimer = undefined;
            this.admitNext();
        }, this.stallMs);
        // A pending stall check never keeps the process alive on its own.
        this.stallTimer.unref();
    }
    clearStallTimer() {
        if (this.stallTimer === undefined)
            return;
        clearTimeout(this.stallTimer);
        this.stallTimer = undefined;
    }
}

;// CONCATENATED MODULE: ./src/api/fast-checks.ts
/**
 * What zod's schemas check, written out by hand for the decoders of large bodies (findings pages,
 * policy rules): each mirrors one schema of wire.ts, and the decoders' property tests hold them to
 * zod's answers.
 */
/** What zod's object schemas accept: any object but an array (and not null). */
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isNullish(value) {
    return value === undefined || value === null;
}
/** `z.string().nullish()` */
function optionalString(value) {
    return isNullish(value) || typeof value === 'string';
}
/** Marks a field that does not decode (undefined and null are values here). */
const INVALID = Symbol('invalid');
/** wire.ts `stringId`: a string, or a (finite) number as its string. */
function stringId(value) {
    if (typeof value === 'string')
        return value;
    return typeof value === 'number' && Number.isFinite(value) ? String(value) : INVALID;
}

;// CONCATENATED MODULE: ./src/api/findings-fast.ts


/** `z.number().nullish()`: zod's numbers are finite. */
function optionalNumber(value) {
    return isNullish(value) || (typeof value === 'number' && Number.isFinite(value));
}
function isStringList(value) {
    if (!Array.isArray(value))
        return false;
    // Indexed, not iterated: a hole reads as undefined and fails, as in zod.
    for (let i = 0; i < value.length; i++)
        if (typeof value[i] !== 'string')
            return false;
    return true;
}
/** `z.array(z.string()).nullish()` */
function optionalStringList(value) {
    return isNullish(value) || isStringList(value);
}
/** wire.ts `numericId`: a safe non-negative integer, or a string of digits. */
function numericId(value) {
    if (typeof value === 'number') {
        return Number.isSafeInteger(value) && value >= 0 ? value : INVALID;
    }
    return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : INVALID;
}
/** `timestamp.nullish()`: epoch milliseconds, or null/undefined as received. */
function optionalTimestamp(value) {
    if (isNullish(value))
        return value;
    if (typeof value !== 'string')
        return INVALID;
    return (0,wire/* timestampMillis */.RW)(value) ?? INVALID;
}
/** The numeric fields of a location, in every spelling: optionalLocation names each of them. */
const LOCATION_NUMBERS = (/* unused pure expression or super */ null && ([
    'line',
    'startLine',
    'start_line',
    'column',
    'startCol',
    'start_col',
    'endLine',
    'end_line',
    'endColumn',
    'end_column',
    'endCol',
    'end_col'
]));
/** `LocationWire.nullish()` */
function optionalLocation(value) {
    if (isNullish(value))
        return true;
    if (!isObject(value))
        return false;
    if (!optionalString(value.filePath) || !optionalString(value.file_path))
        return false;
    if (!optionalString(value.path))
        return false;
    // Named, not looped over LOCATION_NUMBERS: a keyed load per name cost more than the rest of
    // the location check.
    return (optionalNumber(value.line) &&
        optionalNumber(value.startLine) &&
        optionalNumber(value.start_line) &&
        optionalNumber(value.column) &&
        optionalNumber(value.startCol) &&
        optionalNumber(value.start_col) &&
        optionalNumber(value.endLine) &&
        optionalNumber(value.end_line) &&
        optionalNumber(value.endColumn) &&
        optionalNumber(value.end_column) &&
        optionalNumber(value.endCol) &&
        optionalNumber(value.end_col));
}
/** The `rule` sub-object, nullish. */
function optionalRule(value) {
    if (isNullish(value))
        return true;
    if (!isObject(value))
        return false;
    return (optionalString(value.name) &&
        optionalString(value.message) &&
        optionalStringList(value.cweNames) &&
        optionalStringList(value.cwe_names) &&
        optionalStringList(value.owaspNames) &&
        optionalStringList(value.owasp_names));
}
function isRepository(value) {
    return isObject(value) && typeof value.name === 'string' && optionalString(value.url);
}
/** The `external_ticket` sub-object: as received, or with its numeric id as a string. */
function optionalTicket(value) {
    if (isNullish(value))
        return value;
    if (!isObject(value))
        return INVALID;
    const ok = optionalString(value.url) &&
        optionalString(value.externalSlug) &&
        optionalString(value.external_slug);
    if (!ok)
        return INVALID;
    if (isNullish(value.id))
        return value;
    const id = stringId(value.id);
    if (id === INVALID)
        return INVALID;
    if (id === value.id)
        return value;
    const { url, externalSlug, external_slug } = value;
    return { id, url, externalSlug, external_slug };
}
/** The SAST `sourcing_policy` sub-object: as received, or with its numeric id as a string. */
function optionalPolicy(value) {
    if (isNullish(value))
        return value;
    if (!isObject(value))
        return INVALID;
    if (!optionalString(value.name) || !optionalString(value.slug))
        return INVALID;
    const id = stringId(value.id);
    if (id === INVALID)
        return INVALID;
    return id === value.id ? value : { id, name: value.name, slug: value.slug };
}
/** `fix_recommendations`: a nullish list of objects with optional package and version. */
function optionalFixes(value) {
    if (isNullish(value))
        return true;
    if (!Array.isArray(value))
        return false;
    for (let i = 0; i < value.length; i++) {
        const fix = value[i];
        if (!isObject(fix) || !optionalString(fix.package) || !optionalString(fix.version))
            return false;
    }
    return true;
}
/** `z.number().min(0).max(1).nullish()` */
function optionalProbability(value) {
    return isNullish(value) || (typeof value === 'number' && value >= 0 && value <= 1);
}
/** `epss_score`: a nullish object of an optional score and percentile. */
function optionalEpss(value) {
    if (isNullish(value))
        return true;
    return (isObject(value) && optionalProbability(value.score) && optionalProbability(value.percentile));
}
function optionalDependency(value) {
    if (isNullish(value))
        return true;
    return (isObject(value) &&
        typeof value.package === 'string' &&
        optionalString(value.version) &&
        optionalString(value.ecosystem) &&
        optionalString(value.transitivity));
}
function optionalUsage(value) {
    return isNullish(value) || (isObject(value) && optionalLocation(value.location));
}
/** wire.ts `reachability`: nullish is unknown. */
function reachabilityField(value) {
    if (isNullish(value))
        return 'unknown';
    return typeof value === 'string' ? ((0,wire/* reachabilityOf */.P2)(value) ?? INVALID) : INVALID;
}
/** The SCA fields, checked (reachability is converted on its own). */
function scaFieldsValid(raw) {
    return ((isNullish(raw.is_malicious) || typeof raw.is_malicious === 'boolean') &&
        optionalString(raw.vulnerability_identifier) &&
        optionalDependency(raw.found_dependency) &&
        optionalFixes(raw.fix_recommendations) &&
        optionalEpss(raw.epss_score) &&
        optionalUsage(raw.usage));
}
/**
 * The item as `SastWire` or `ScaWire` decodes it, or undefined when zod has to say what is
 * wrong. One object literal for both types, the other type's fields left undefined (its schema
 * strips them): spreading a common part into one literal per type cost about a quarter more CPU
 * for 60,000 findings.
 */
function fastWire(raw, sca) {
    if (!isObject(raw))
        return undefined;
    const valid = optionalString(raw.rule_name) &&
        optionalString(raw.rule_message) &&
        optionalString(raw.confidence) &&
        optionalString(raw.status) &&
        optionalString(raw.ref) &&
        optionalString(raw.line_of_code_url) &&
        optionalString(raw.match_based_id) &&
        optionalString(raw.syntactic_id) &&
        optionalRule(raw.rule) &&
        isRepository(raw.repository) &&
        optionalLocation(raw.location) &&
        optionalStringList(raw.categories) &&
        (!sca || scaFieldsValid(raw));
    if (!valid)
        return undefined;
    const id = numericId(raw.id);
    const severity = typeof raw.severity === 'string' ? (0,wire/* severityOf */.xJ)(raw.severity) : undefined;
    const relevantSince = optionalTimestamp(raw.relevant_since);
    const ticket = optionalTicket(raw.external_ticket);
    const policy = sca ? undefined : optionalPolicy(raw.sourcing_policy);
    const reachability = sca ? reachabilityField(raw.reachability) : undefined;
    if (id === INVALID ||
        severity === undefined ||
        relevantSince === INVALID ||
        ticket === INVALID ||
        policy === INVALID ||
        reachability === INVALID) {
        return undefined;
    }
    return {
        id,
        rule_name: raw.rule_name,
        rule_message: raw.rule_message,
        rule: raw.rule,
        severity,
        confidence: raw.confidence,
        status: raw.status,
        ref: raw.ref,
        repository: raw.repository,
        location: raw.location,
        line_of_code_url: raw.line_of_code_url,
        match_based_id: raw.match_based_id,
        syntactic_id: raw.syntactic_id,
        relevant_since: relevantSince,
        external_ticket: ticket,
        categories: raw.categories ?? [],
        sourcing_policy: policy,
        reachability,
        is_malicious: sca ? raw.is_malicious : undefined,
        vulnerability_identifier: sca ? raw.vulnerability_identifier : undefined,
        found_dependency: sca ? raw.found_dependency : undefined,
        fix_recommendations: sca ? raw.fix_recommendations : undefined,
        epss_score: sca ? raw.epss_score : undefined,
        usage: sca ? raw.usage : undefined
    };
}
/** The SAST item as `SastWire` decodes it, or undefined when zod has to say what is wrong. */
function fastSastWire(raw) {
    return fastWire(raw, false);
}
/** The SCA item as `ScaWire` decodes it, or undefined when zod has to say what is wrong. */
function fastScaWire(raw) {
    return fastWire(raw, true);
}

// EXTERNAL MODULE: ./src/api/schema-issues.ts
var schema_issues = __webpack_require__(7218);
// EXTERNAL MODULE: ./src/text/error-text.ts
var error_text = __webpack_require__(6589);
;// CONCATENATED MODULE: ./src/api/findings.ts










/*
 * The findings schemas are the hot path (tens of thousands of items): both key spellings are
 * plain optional fields rather than a key-renaming preprocess, which keeps zod's compiled object
 * parser in play (about 7× faster on a 3000-item page). Top-level keys are snake_case in both
 * wire shapes; sub-objects are camelCase in the description and snake_case live.
 */
const nullableNumber = schemas/* number */.aig().nullish();
/** EPSS scores and percentiles are probabilities: a value outside 0 to 1 is not one. */
const nullableProbability = schemas/* number */.aig().min(0).max(1).nullish();
const nullableList = schemas/* array */.YOg(schemas/* string */.YjP()).nullish();
const LocationWire = schemas/* object */.Ikc({
    filePath: wire/* optionalString */.sx,
    file_path: wire/* optionalString */.sx,
    path: wire/* optionalString */.sx,
    line: nullableNumber,
    startLine: nullableNumber,
    start_line: nullableNumber,
    column: nullableNumber,
    startCol: nullableNumber,
    start_col: nullableNumber,
    endLine: nullableNumber,
    end_line: nullableNumber,
    endColumn: nullableNumber,
    end_column: nullableNumber,
    endCol: nullableNumber,
    end_col: nullableNumber
});
function toLocation(wire, pool) {
    const path = wire?.filePath ?? wire?.file_path ?? wire?.path;
    if (!wire || !path)
        return undefined;
    return {
        path: pool.intern(path),
        line: positive(wire.line ?? wire.startLine ?? wire.start_line),
        column: positive(wire.column ?? wire.startCol ?? wire.start_col),
        endLine: positive(wire.endLine ?? wire.end_line),
        endColumn: positive(wire.endColumn ?? wire.end_column ?? wire.endCol ?? wire.end_col)
    };
}
function positive(value) {
    return value !== null && value !== undefined && value > 0 ? Math.trunc(value) : undefined;
}
const common = {
    id: wire/* numericId */.Vi,
    rule_name: wire/* optionalString */.sx,
    rule_message: wire/* optionalString */.sx,
    rule: schemas/* object */.Ikc({
        name: wire/* optionalString */.sx,
        message: wire/* optionalString */.sx,
        // Raw (nullable) lists: an empty-list default would hide the other spelling.
        cweNames: nullableList,
        cwe_names: nullableList,
        owaspNames: nullableList,
        owasp_names: nullableList
    })
        .nullish(),
    severity: wire/* severity */.yf,
    confidence: wire/* optionalString */.sx,
    status: wire/* optionalString */.sx,
    ref: wire/* optionalString */.sx,
    repository: schemas/* object */.Ikc({ name: schemas/* string */.YjP(), url: wire/* optionalString */.sx }),
    location: LocationWire.nullish(),
    line_of_code_url: wire/* optionalString */.sx,
    match_based_id: wire/* optionalString */.sx,
    syntactic_id: wire/* optionalString */.sx,
    relevant_since: wire/* timestamp */.vE.nullish(),
    external_ticket: schemas/* object */.Ikc({
        id: wire/* stringId */.HL.nullish(),
        url: wire/* optionalString */.sx,
        externalSlug: wire/* optionalString */.sx,
        external_slug: wire/* optionalString */.sx
    })
        .nullish(),
    categories: wire/* stringList */.Yn
};
const SastWire = schemas/* object */.Ikc({
    ...common,
    sourcing_policy: schemas/* object */.Ikc({ id: wire/* stringId */.HL, name: wire/* optionalString */.sx, slug: wire/* optionalString */.sx }).nullish()
});
const ScaWire = schemas/* object */.Ikc({
    ...common,
    reachability: wire/* reachability */.oY,
    is_malicious: schemas/* boolean */.zMY().nullish(),
    vulnerability_identifier: wire/* optionalString */.sx,
    found_dependency: schemas/* object */.Ikc({
        package: schemas/* string */.YjP(),
        version: wire/* optionalString */.sx,
        ecosystem: wire/* optionalString */.sx,
        transitivity: wire/* optionalString */.sx
    })
        .nullish(),
    fix_recommendations: schemas/* array */.YOg(schemas/* object */.Ikc({ package: wire/* optionalString */.sx, version: wire/* optionalString */.sx }))
        .nullish(),
    epss_score: schemas/* object */.Ikc({ score: nullableProbability, percentile: nullableProbability }).nullish(),
    usage: schemas/* object */.Ikc({ location: LocationWire.nullish() }).nullish()
});
/**
 * One copy of each repeated string: rule names and messages, repositories and refs repeat across
 * thousands of findings, and JSON.parse gives every occurrence its own copy.
 */
class StringPool {
    strings = new Map();
    /** Lists as a trie, one level per element: a joined key cost an allocation and a hash per list. */
    lists = { next: new Map() };
    policies = new Map();
    messages = new Map();
    intern(value) {
        if (value === undefined)
            return undefined;
        const known = this.strings.get(value);
        if (known !== undefined)
            return known;
        this.strings.set(value, value);
        return value;
    }
    /**
     * The pool's copy of a rule's message. A rule's findings carry its one message, so comparing
     * with the last message seen for the rule usually finds it without hashing the whole text.
     */
    message(ruleName, value) {
        const last = this.messages.get(ruleName);
        if (last === value)
            return last;
        const interned = this.intern(value);
        this.messages.set(ruleName, interned);
        return interned;
    }
    /** One object per sourcing policy: thousands of findings name the same few. */
    policy(wire) {
        const name = wire.name ?? undefined;
        const slug = wire.slug ?? undefined;
        const known = this.policies.get(wire.id);
        if (known && known.name === name && known.slug === slug)
            return known;
        const policy = { id: this.intern(wire.id), name: this.intern(name), slug: this.intern(slug) };
        this.policies.set(wire.id, policy);
        return policy;
    }
    list(values) {
        if (values.length === 0)
            return EMPTY;
        let node = this.lists;
        for (let i = 0; i < values.length; i++) {
            let child = node.next.get(values[i]);
            if (child === undefined) {
                child = { next: new Map() };
                node.next.set(values[i], child);
            }
            node = child;
        }
        node.list ??= Object.freeze(values.map(value => this.intern(value)));
        return node.list;
    }
}
const EMPTY = Object.freeze([]);
/*
 * Each record is built by one object literal with every field, present or not: records of one
 * type then share one hidden class. Spreading a common part in gave every record a hidden class
 * of its own, which doubled the memory of 60 000 findings.
 */
function ticketOf(wire) {
    const ticket = wire.external_ticket;
    if (!ticket)
        return undefined;
    const slug = ticket.externalSlug ?? ticket.external_slug;
    if (!ticket.id && !ticket.url && !slug)
        return undefined;
    return { id: ticket.id ?? slug ?? undefined, url: ticket.url ?? undefined };
}
function toSast(wire, status, pool) {
    const rule = wire.rule;
    const ruleName = pool.intern(rule?.name ?? wire.rule_name ?? '(unnamed rule)');
    return {
        type: 'sast',
        id: wire.id,
        ruleName,
        ruleMessage: pool.message(ruleName, rule?.message ?? wire.rule_message ?? ''),
        severity: wire.severity,
        confidence: pool.intern(wire.confidence ?? undefined),
        status: pool.intern(wire.status ?? status),
        ref: pool.intern(wire.ref ?? ''),
        repository: pool.intern(wire.repository.name),
        location: toLocation(wire.location, pool),
        url: wire.line_of_code_url ?? undefined,
        matchBasedId: wire.match_based_id ?? undefined,
        syntacticId: wire.syntactic_id ?? undefined,
        relevantSince: wire.relevant_since ?? undefined,
        externalTicket: ticketOf(wire),
        categories: pool.list(wire.categories),
        cwe: pool.list(rule?.cweNames ?? rule?.cwe_names ?? []),
        owasp: pool.list(rule?.owaspNames ?? rule?.owasp_names ?? []),
        sourcingPolicy: wire.sourcing_policy ? pool.policy(wire.sourcing_policy) : undefined
    };
}
function toSca(wire, status, pool) {
    const rule = wire.rule;
    const dependency = wire.found_dependency;
    const ruleName = pool.intern(rule?.name ?? wire.rule_name ?? '(unnamed rule)');
    return {
        type: 'sca',
        id: wire.id,
        ruleName,
        ruleMessage: pool.message(ruleName, rule?.message ?? wire.rule_message ?? ''),
        severity: wire.severity,
        confidence: pool.intern(wire.confidence ?? undefined),
        status: pool.intern(wire.status ?? status),
        ref: pool.intern(wire.ref ?? ''),
        repository: pool.intern(wire.repository.name),
        location: toLocation(wire.location, pool) ?? toLocation(wire.usage?.location, pool),
        url: wire.line_of_code_url ?? undefined,
        matchBasedId: wire.match_based_id ?? undefined,
        syntacticId: wire.syntactic_id ?? undefined,
        relevantSince: wire.relevant_since ?? undefined,
        externalTicket: ticketOf(wire),
        categories: pool.list(wire.categories),
        cwe: pool.list(rule?.cweNames ?? rule?.cwe_names ?? []),
        owasp: pool.list(rule?.owaspNames ?? rule?.owasp_names ?? []),
        reachability: wire.reachability,
        malicious: wire.is_malicious === true,
        vulnerabilityId: pool.intern(wire.vulnerability_identifier ?? undefined),
        dependency: dependency
            ? {
                package: pool.intern(dependency.package),
                version: pool.intern(dependency.version ?? ''),
                ecosystem: pool.intern(dependency.ecosystem ?? undefined),
                transitivity: pool.intern(dependency.transitivity ?? undefined)
            }
            : undefined,
        fixVersions: pool.list(fixVersions(wire.fix_recommendations)),
        epss: epssOf(wire.epss_score)
    };
}
/** The score, when the server gave one (a percentile alone says nothing to gate on). */
function epssOf(wire) {
    const score = wire?.score;
    if (score === null || score === undefined)
        return undefined;
    const percentile = wire?.percentile;
    return percentile === null || percentile === undefined ? { score } : { score, percentile };
}
function fixVersions(fixes) {
    const out = [];
    for (const fix of fixes ?? []) {
        const version = fix.package && fix.version ? `${fix.package}@${fix.version}` : fix.version;
        if (version)
            out.push(version);
    }
    return out;
}
const LIST_OF_TYPE = {
    sast: 'sastFindings',
    sca: 'scaFindings'
};
/*
 * The live service answers `{findings}`; the description says `{sastFindings:{findings}, ...}`.
 * A page is an answer only when it carries the requested type's list in one of the two: `{}`,
 * `{"findings": null}` or an error object read as "no findings" would pass the gate unchecked.
 */
function envelopeSummary(envelope, key) {
    if (!isRecord(envelope))
        return `got ${jsonKind(envelope)}`;
    if ('findings' in envelope)
        return `findings is ${jsonKind(envelope.findings)}`;
    if (key in envelope) {
        const inner = envelope[key];
        return isRecord(inner)
            ? `${key}.findings is ${jsonKind(inner.findings)}`
            : `${key} is ${jsonKind(inner)}`;
    }
    const keys = Object.keys(envelope);
    if (keys.length === 0)
        return 'got an empty object';
    // Keys come from the server: quoted and escaped, so none can start a line of its own.
    const shown = keys.slice(0, 5).map(name => JSON.stringify(name.slice(0, 40)));
    const more = keys.length > 5 ? ` and ${keys.length - 5} more` : '';
    return `got an object with keys ${shown.join(', ')}${more}`;
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function jsonKind(value) {
    if (value === undefined)
        return 'missing';
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
/**
 * Turns one raw finding into a domain finding, or names the field that is wrong. The hand-written
 * decoder (api/findings-fast.ts) reads what it accepts; anything else goes to the zod schemas,
 * which say what is wrong. `decoder: 'schema'` uses the schemas alone (the specification the
 * fast path is tested against).
 */
function normaliseFinding(raw, type, status, index, request, pool, decoder = 'fast') {
    if (decoder === 'fast' && type === 'sast') {
        const fast = fastSastWire(raw);
        if (fast !== undefined)
            return toSast(fast, status, pool);
    }
    else if (decoder === 'fast') {
        const fast = fastScaWire(raw);
        if (fast !== undefined)
            return toSca(fast, status, pool);
    }
    const invalid = (error) => new errors/* SchemaError */.Ar(request, (0,schema_issues/* formatIssues */.o)(error.issues, `findings[${index}]`));
    if (type === 'sast') {
        const parsed = SastWire.safeParse(raw);
        if (!parsed.success)
            throw invalid(parsed.error);
        return toSast(parsed.data, status, pool);
    }
    const parsed = ScaWire.safeParse(raw);
    if (!parsed.success)
        throw invalid(parsed.error);
    return toSca(parsed.data, status, pool);
}
/**
 * The findings of `type` in a parsed findings page: those of the live `findings` list and of the
 * documented `<type>Findings.findings` (a page carrying both has both counted, none dropped).
 * Undefined when neither is an array.
 */
function findingsList(envelope, type) {
    if (!isRecord(envelope))
        return undefined;
    const live = Array.isArray(envelope.findings) ? envelope.findings : undefined;
    const inner = envelope[LIST_OF_TYPE[type]];
    const documented = isRecord(inner) && Array.isArray(inner.findings) ? inner.findings : undefined;
    if (live && documented)
        return [...live, ...documented];
    return live ?? documented;
}
/**
 * Findings pages read and decoded at once, in this process: one decoded while the next is read.
 * Every other page that has arrived waits in its socket (src/api/read-gate.ts).
 */
const PAGE_READS = new ReadGate(2, 2000);
/**
 * Decodes a findings page once it has arrived: the bytes are kept as they come (a 3000-finding
 * page is about 5 MB), parsed whole by one JSON.parse, and each finding turned into a compact
 * domain record; the page's object graph is garbage as soon as the last record is built.
 */
function findingsPageDecoder(type, status, request, pool) {
    return async (body) => {
        const release = await PAGE_READS.acquire();
        try {
            return decodeFindingsPage(await body.all(), type, status, request, pool);
        }
        finally {
            release();
        }
    };
}
/**
 * A findings body this long holds findings: an empty page is `{"findings":[]}`, or the empty lists
 * of every type under their keys, well under 1 KiB. (A body this long that holds no findings page
 * at all fails when it is decoded, like any other.)
 */
const ITEMS_BYTES = 4096;
/**
 * Reads the start of a body at once, before it waits for a read permit, and calls `onItems` when
 * that start passes ITEMS_BYTES. The body, with what was read, is handed on.
 */
async function announceItems(body, onItems) {
    if ((await body.head(ITEMS_BYTES)) >= ITEMS_BYTES)
        onItems();
    return body;
}
function decodeFindingsPage(parts, type, status, request, pool) {
    let envelope;
    try {
        envelope = parseBody(parts);
    }
    catch (error) {
        throw new errors/* SchemaError */.Ar(request, [`body: not valid JSON (${(0,error_text/* errorText */.k)(error).slice(0, 120)})`]);
    }
    parts.length = 0;
    const list = findingsList(envelope, type);
    if (list === undefined) {
        const key = LIST_OF_TYPE[type];
        const expected = `findings: expected the list of ${type} findings ("findings" or "${key}.findings")`;
        throw new errors/* SchemaError */.Ar(request, [`${expected}; ${envelopeSummary(envelope, key)}`]);
    }
    const findings = new Array(list.length);
    for (let index = 0; index < list.length; index++) {
        findings[index] = normaliseFinding(list[index], type, status, index, request, pool);
    }
    return findings;
}
/**
 * The bytes of the page being parsed, joined in one buffer that every page reuses: pages are
 * parsed one at a time, and a fresh 5 MB buffer per page cost more in page faults than the copy
 * (about 20 ms less CPU and 20 MB less peak RSS for 60,000 findings on Node 24). A body larger
 * than SCRATCH_LIMIT gets a buffer of its own, so that one huge page is not held for the run.
 */
const SCRATCH_LIMIT = 16 * 2 ** 20;
let scratch = Buffer.allocUnsafe(0);
function joined(parts) {
    let length = 0;
    for (const part of parts)
        length += part.length;
    let bytes = scratch;
    if (bytes.length < length) {
        bytes = Buffer.allocUnsafe(length > SCRATCH_LIMIT ? length : Math.min(SCRATCH_LIMIT, Math.ceil(length * 1.25)));
        if (length <= SCRATCH_LIMIT)
            scratch = bytes;
    }
    let offset = 0;
    for (const part of parts) {
        bytes.set(part, offset);
        offset += part.length;
    }
    return { bytes, length };
}
/**
 * The body as JSON; a byte-order mark is dropped, as response.text() does. A body of ASCII bytes
 * only (every page seen so far) is read as Latin-1, which gives the same string: the UTF-8
 * decoder took about 2 ms of a 4.3 MB page, the check and the Latin-1 copy about 0.6 ms.
 */
function parseBody(parts) {
    const { bytes, length } = joined(parts);
    const encoding = (0,external_node_buffer_.isAscii)(bytes.subarray(0, length)) ? 'latin1' : 'utf8';
    const text = bytes.toString(encoding, 0, length);
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}
/**
 * Pages past the first that an open list asks for together with its first page, on the
 * speculation budget. The open lists are the ones that run long; when the first page shows a
 * long list, the next pages then arrive with it instead of a round trip later, which at 300 ms
 * per response is time the client would spend waiting. On a short list it costs up to one request
 * (cancelled once the first page shows the end, it may not have gone out yet).
 */
const OPEN_START_AHEAD = 1;
/**
 * Up to six pages of a list in flight: the page known to be needed and up to five asked for
 * ahead, as far as the run's speculation budget allows. At 300 ms per response that keeps the
 * client busy parsing instead of waiting; the budget caps the pages asked for past the ends.
 */
const DEFAULT_FINDINGS_PAGING = {
    pageSize: 3000,
    concurrency: 6,
    maxPages: 2000,
    openStartAhead: OPEN_START_AHEAD
};
/**
 * Requests past the ends of all the findings lists of one run, at most, on speculation; pages a
 * proven scan's count covers are asked for outside it (docs/adr/0004).
 */
const FINDINGS_SPECULATION = 5;
/** The documented range of page_size is 100 to 3000. */
const MIN_FINDINGS_PAGE_SIZE = 100;
function findingsPath(deploymentSlug) {
    return `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/findings`;
}
/**
 * Pages of the findings of one type and status, every scope filter sent to the server. The lists
 * of one run share `speculation`, so that together they ask for few pages past their ends;
 * `cancel` stops the list's requests; `expected`, shared by the lists of the type, what the
 * proven scan says they hold.
 */
function findingPages(transport, deploymentSlug, query, paging = DEFAULT_FINDINGS_PAGING, speculation = new SpeculationBudget(FINDINGS_SPECULATION), cancel, expected) {
    const path = findingsPath(deploymentSlug);
    const request = { method: 'GET', path };
    const pool = new StringPool();
    const decode = findingsPageDecoder(query.type, query.status, request, pool);
    const fetchPage = (page, signal, pageSize, onItems) => transport.request({
        method: 'GET',
        path,
        signal: cancel ? AbortSignal.any([signal, cancel]) : signal,
        query: {
            issue_type: query.type,
            repos: [query.repository],
            ref: query.ref,
            status: query.status,
            since: query.since,
            policies: query.policies,
            page,
            page_size: pageSize
        },
        // A page asked for ahead tells as soon as its body shows findings: the list goes on.
        stream: onItems ? async (body) => decode(await announceItems(body, onItems)) : decode
    });
    return (0,paginate/* pageNumberPages */.bR)(fetchPage, {
        pageSize: paging.pageSize,
        concurrency: paging.concurrency,
        endOn: 'short-page',
        // A server that caps page_size silently would otherwise end the list after its first page.
        capCheck: { minPageSize: MIN_FINDINGS_PAGE_SIZE },
        maxPages: paging.maxPages,
        speculation,
        startAhead: query.status === 'open' ? (paging.openStartAhead ?? 0) : 0,
        ...(expected ? { expected } : {}),
        key: finding => finding.id,
        request
    });
}

// EXTERNAL MODULE: ./src/api/retry.ts
var retry = __webpack_require__(7018);
// EXTERNAL MODULE: ./src/api/transport.ts
var transport = __webpack_require__(3841);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(8532);
// EXTERNAL MODULE: ./src/domain.ts
var domain = __webpack_require__(9375);
;// CONCATENATED MODULE: ./src/api/secrets.ts




/*
 * The allow-list. A secrets finding may one day carry the matched text (`value`, `snippet`, ...);
 * zod objects drop every key they do not declare, so only the fields below ever leave this
 * module, and no reporter can print what it never receives. Add a field here only if it can
 * never hold any part of the secret.
 */
const PREFIXED = (prefix) => (raw) => raw
    .trim()
    .toUpperCase()
    .replace(new RegExp(`^${prefix}_`), '')
    .toLowerCase();
const VALIDATION_STATE_VALUES = {
    confirmed_valid: 'confirmed_valid',
    confirmed_invalid: 'confirmed_invalid',
    validation_error: 'validation_error',
    no_validator: 'no_validator',
    unspecified: 'unknown'
};
/**
 * Absent: not validated, so `unknown` (counted as unverified). A state this client does not know
 * is a schema problem: guessing could let a live secret through, or block on a revoked one.
 */
const validationState = schemas/* string */.YjP()
    .nullish()
    .transform((raw, ctx) => {
    if (raw === null || raw === undefined || raw.trim() === '')
        return 'unknown';
    const known = VALIDATION_STATE_VALUES[PREFIXED('VALIDATION_STATE')(raw)];
    if (known !== undefined)
        return known;
    ctx.addIssue({ code: 'custom', message: `expected one of ${VALIDATION_STATE_NAMES}` });
    return core/* NEVER */.tm;
});
const VALIDATION_STATE_NAMES = 'VALIDATION_STATE_CONFIRMED_VALID, VALIDATION_STATE_CONFIRMED_INVALID, VALIDATION_STATE_VALIDATION_ERROR, VALIDATION_STATE_NO_VALIDATOR';
const SEVERITY_VALUES = {
    low: 'low',
    medium: 'medium',
    high: 'high',
    critical: 'critical'
};
/**
 * `SEVERITY_HIGH` as the secrets API spells it, or a bare `high`. Unlike the other types' schemas,
 * no message here quotes the value received: any field of a secrets finding could hold the secret.
 */
const secretsSeverity = schemas/* string */.YjP().transform((raw, ctx) => {
    const known = SEVERITY_VALUES[PREFIXED('SEVERITY')(raw)];
    if (known !== undefined)
        return known;
    ctx.addIssue({
        code: 'custom',
        message: 'expected one of SEVERITY_LOW, SEVERITY_MEDIUM, SEVERITY_HIGH, SEVERITY_CRITICAL'
    });
    return core/* NEVER */.tm;
});
const SecretsFindingWire = (0,wire/* camelObject */.Ct)({
    id: wire/* numericId */.Vi,
    ref: wire/* optionalString */.sx,
    repository: (0,wire/* camelObject */.Ct)({ name: schemas/* string */.YjP() }),
    severity: secretsSeverity,
    status: wire/* optionalString */.sx,
    validationState,
    mode: wire/* policyMode */.IX,
    type: wire/* optionalString */.sx,
    confidence: wire/* optionalString */.sx,
    findingPath: wire/* optionalString */.sx,
    findingPathUrl: wire/* optionalString */.sx,
    ruleHashId: wire/* optionalString */.sx,
    externalTicket: (0,wire/* camelObject */.Ct)({
        id: wire/* stringId */.HL.nullish(),
        url: wire/* optionalString */.sx,
        externalSlug: wire/* optionalString */.sx
    }).nullish()
});
/** Strict: a 200 without `findings` is not "no secrets". */
const SecretsPage = schemas/* object */.Ikc({
    findings: schemas/* array */.YOg(SecretsFindingWire),
    cursor: schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()]).nullish()
});
/** `src/ai.py:232` → path and line; a path without a line number stays whole. */
function findingPathLocation(findingPath) {
    if (!findingPath)
        return undefined;
    const match = /^(.*):(\d+)$/.exec(findingPath);
    if (match === null || match[1] === '')
        return { path: findingPath };
    const line = Number(match[2]);
    return line > 0 ? { path: match[1], line } : { path: match[1] };
}
function secrets_ticketOf(wire) {
    const ticket = wire.externalTicket;
    if (!ticket || (!ticket.id && !ticket.url && !ticket.externalSlug))
        return undefined;
    return { id: ticket.id ?? ticket.externalSlug ?? undefined, url: ticket.url ?? undefined };
}
function toSecretsFinding(wire, status) {
    const secretType = wire.type?.trim() || 'unknown';
    return {
        type: 'secrets',
        id: wire.id,
        ruleName: `secrets.${secretType}`,
        ruleMessage: `${secretType} secret (${(0,domain/* validationStateText */.cH)(wire.validationState)})`,
        severity: wire.severity,
        confidence: wire.confidence ? PREFIXED('CONFIDENCE')(wire.confidence) : undefined,
        status: wire.status ? PREFIXED('FINDING_STATUS')(wire.status) : status,
        ref: wire.ref ?? '',
        repository: wire.repository.name,
        location: findingPathLocation(wire.findingPath),
        url: wire.findingPathUrl ?? undefined,
        externalTicket: secrets_ticketOf(wire),
        categories: ['secrets'],
        cwe: [],
        owasp: [],
        secretType,
        validationState: wire.validationState,
        mode: wire.mode
    };
}
/** The finding statuses the secrets API knows; `reviewing` and `fixing` are SAST/SCA triage only. */
const SECRETS_STATUS = {
    open: 'FINDING_STATUS_OPEN',
    fixed: 'FINDING_STATUS_FIXED',
    ignored: 'FINDING_STATUS_IGNORED',
    provisionally_ignored: 'FINDING_STATUS_PROVISIONALLY_IGNORED'
};
/** Which of the gate's statuses the secrets API can be asked for. */
function secretsStatuses(statuses) {
    return statuses.filter(status => SECRETS_STATUS[status] !== undefined);
}
const SECRETS_PAGE_SIZE = 500;
function secretsPath(deploymentId) {
    return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/secrets`;
}
const PRODUCT_HINT = 'the deployment or this repository may not have the Secrets product, or the token lacks Web API access; set issue-types without secrets to leave secrets out';
/**
 * Pages of the secrets findings of one repository and status. The endpoint has no ref filter:
 * the caller scopes by ref, like every other type.
 */
function secretsPages(transport, deploymentId, query, maxPages = 2000) {
    const path = secretsPath(deploymentId);
    const request = { method: 'GET', path };
    return (0,paginate/* cursorPages */.Xn)(async (cursor) => {
        const page = await transport.request({
            method: 'GET',
            path,
            query: {
                cursor,
                limit: SECRETS_PAGE_SIZE,
                repo: [query.repository],
                status: SECRETS_STATUS[query.status],
                since: query.since === undefined ? undefined : new Date(query.since * 1000).toISOString()
            },
            hints: { 403: PRODUCT_HINT, 404: PRODUCT_HINT },
            schema: SecretsPage
        });
        return {
            items: page.findings.map(wire => toSecretsFinding(wire, query.status)),
            next: page.cursor === null || page.cursor === undefined ? undefined : String(page.cursor)
        };
    }, { maxPages, request });
}

// EXTERNAL MODULE: ./src/api/projects.ts
var projects = __webpack_require__(6136);
;// CONCATENATED MODULE: ./src/gate/scope.ts

const HEADS = 'refs/heads/';
/**
 * Scanners outside GitHub Actions record a branch bare (`main`), GitHub Actions as
 * `refs/heads/main`, and the live service answers `"ref": "main"` for either: one branch, two
 * spellings. Only `refs/heads/` is stripped; a tag or pull request ref stays as it is.
 */
function branchName(ref) {
    return ref.startsWith(HEADS) ? ref.slice(HEADS.length) : ref;
}
/**
 * Keeps the findings in scope, each once (a finding can shift across a page boundary between
 * requests, or change status between the requests of two statuses), page by page as they arrive.
 * The server filters by repository, ref and status; this checks again, so a server that matches
 * `acme/web` as a prefix of `acme/web-legacy`, or ignores a filter, cannot put another
 * repository's findings into this verdict. The case-insensitive repository comparison and the
 * branch comparison are made once per distinct name (there are a handful, not one per finding).
 */
class ScopeFilter {
    scope;
    kept = {
        sast: new Map(),
        sca: new Map(),
        secrets: new Map()
    };
    repositoryMatches = new Map();
    refMatches = new Map();
    statuses;
    branch;
    counts = { repository: 0, ref: 0, status: 0 };
    seen = {
        repositories: new Set(),
        refs: new Set(),
        statuses: new Set()
    };
    constructor(scope) {
        this.scope = scope;
        this.statuses = new Set(scope.statuses);
        this.branch = branchName(scope.ref);
    }
    add(findings) {
        for (const finding of findings) {
            const reason = this.dropReason(finding);
            if (reason === undefined) {
                this.kept[finding.type].set(finding.id, finding);
                continue;
            }
            // The secrets endpoint has no ref filter: its other refs are expected, not a server fault.
            if (reason === 'ref' && finding.type === 'secrets')
                continue;
            this.counts[reason]++;
            if (reason === 'repository')
                this.seen.repositories.add(finding.repository);
            else if (reason === 'ref')
                this.seen.refs.add(finding.ref);
            else
                this.seen.statuses.add(finding.status);
        }
    }
    /** Findings the server returned that were not in scope, by reason. */
    get dropped() {
        const { repository, ref, status } = this.counts;
        return {
            total: repository + ref + status,
            repository,
            ref,
            status,
            seen: {
                repositories: [...this.seen.repositories],
                refs: [...this.seen.refs],
                statuses: [...this.seen.statuses]
            },
            scope: this.scope
        };
    }
    /** SAST findings first, then SCA, then secrets, each in the order they first arrived. */
    findings() {
        return [...this.kept.sast.values(), ...this.kept.sca.values(), ...this.kept.secrets.values()];
    }
    dropReason(finding) {
        if (!this.repositoryMatch(finding.repository))
            return 'repository';
        if (!this.refMatch(finding.ref))
            return 'ref';
        if (!this.statuses.has(finding.status))
            return 'status';
        return undefined;
    }
    /** An absent ref is the server's to filter; only a ref that names another branch is out. */
    refMatch(ref) {
        let matches = this.refMatches.get(ref);
        if (matches === undefined) {
            matches = ref === '' || branchName(ref) === this.branch;
            this.refMatches.set(ref, matches);
        }
        return matches;
    }
    repositoryMatch(repository) {
        let matches = this.repositoryMatches.get(repository);
        if (matches === undefined) {
            matches = repository.toLowerCase() === this.scope.repository.toLowerCase();
            this.repositoryMatches.set(repository, matches);
        }
        return matches;
    }
}
/** The findings in scope, each once. */
function scopeFindings(findings, scope) {
    const filter = new ScopeFilter(scope);
    filter.add(findings);
    return { kept: filter.findings(), dropped: filter.dropped };
}
const SHOWN_VALUES = 5;
function listed(values) {
    if (values.length <= SHOWN_VALUES)
        return values.join(', ');
    return `${values.slice(0, SHOWN_VALUES).join(', ')} and ${values.length - SHOWN_VALUES} more`;
}
/** `2 of another ref (refs/heads/dev), 1 of another repository (acme/web-legacy)`, most first. */
function dropReasons(drops) {
    const parts = [
        [drops.ref, `${drops.ref} of another ref (${listed(drops.seen.refs)})`],
        [
            drops.repository,
            `${drops.repository} of another repository (${listed(drops.seen.repositories)})`
        ],
        [drops.status, `${drops.status} of another status (${listed(drops.seen.statuses)})`]
    ];
    return parts
        .filter(([count]) => count > 0)
        .sort(([a], [b]) => b - a)
        .map(([, text]) => text)
        .join(', ');
}
/**
 * What the drops mean for the verdict. Some dropped: a warning to show, since a server answering
 * outside the filters is worth knowing about. All dropped: the gate would judge an empty list
 * it was never given, so there is no verdict.
 * @returns the warning, or undefined when nothing was dropped.
 * @throws NoVerdictError when every returned finding was dropped.
 */
function judgeScopeDrops(drops, keptCount) {
    if (drops.total === 0)
        return undefined;
    if (keptCount > 0) {
        return `Dropped ${drops.total} finding(s) the server returned out of scope: ${dropReasons(drops)}`;
    }
    const { repository, ref, statuses } = drops.scope;
    throw new src_errors/* NoVerdictError */.L(`all ${drops.total} finding(s) the server returned are out of scope (${dropReasons(drops)}); ` +
        `the gate asked for repository ${repository}, ref ${ref}, status ${statuses.join(', ')}. ` +
        'Check that repository and ref are spelled as the platform records them', 'on-api-error');
}

;// CONCATENATED MODULE: ./src/api/policies.ts


// A namespace: its checks share their names with the zod schemas of wire.ts they mirror.


const PoliciesResponse = schemas/* object */.Ikc({
    policies: schemas/* array */.YOg(schemas/* object */.Ikc({
        id: wire/* stringId */.HL,
        name: wire/* optionalString */.sx,
        slug: wire/* optionalString */.sx,
        productType: wire/* optionalString */.sx,
        isDefault: schemas/* boolean */.zMY().nullish()
    }))
});
const RulesResponse = schemas/* object */.Ikc({
    cursor: schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()]).nullish(),
    // Required: a page without its list (`{}`, an error object) must not read as "no rules".
    rules: schemas/* array */.YOg(schemas/* object */.Ikc({ id: wire/* stringId */.HL, path: schemas/* string */.YjP(), policyMode: wire/* policyMode */.IX }))
});
/**
 * RulesResponse written out by hand: a default policy holds thousands of rules, and zod took 5 to
 * 13 ms to check and copy a page of 2,000 (this, 0.3 to 0.7 ms) while the findings pages were
 * being read. A page it does not accept goes to zod, which names what is wrong; a property test
 * (__tests__/api-policies-fast.test.ts) holds the two to the same answers.
 */
function fastRulesPage(json) {
    if (!isObject(json))
        return undefined;
    const { cursor, rules } = json;
    const cursorValid = isNullish(cursor) ||
        typeof cursor === 'string' ||
        (typeof cursor === 'number' && Number.isFinite(cursor));
    if (!cursorValid || !Array.isArray(rules))
        return undefined;
    const decoded = new Array(rules.length);
    // Indexed, not iterated: a hole reads as undefined and fails, as in zod.
    for (let i = 0; i < rules.length; i++) {
        const rule = rules[i];
        if (!isObject(rule))
            return undefined;
        const id = stringId(rule.id);
        const { path, policyMode: mode } = rule;
        if (id === INVALID || typeof path !== 'string' || !optionalString(mode))
            return undefined;
        decoded[i] = { id, path, policyMode: (0,wire/* policyModeOf */.DT)(mode) };
    }
    return { cursor, rules: decoded };
}
/** The two usual reasons a v1 policies request answers 404, for the hint of that status. */
const POLICIES_404_CAUSES = 'check that deployment-id is the id of deployment-slug (or leave deployment-id empty), or the deprecated v1 policies endpoints';
function policiesPath(deploymentId) {
    return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/policies`;
}
async function listPolicies(transport, deploymentId) {
    const response = await transport.request({
        method: 'GET',
        path: policiesPath(deploymentId),
        schema: PoliciesResponse,
        hints: {
            404: `deployment ${deploymentId} has no policies here: ${POLICIES_404_CAUSES} no longer serve them`
        }
    });
    return response.policies.map(p => ({
        id: p.id,
        name: p.name ?? p.id,
        slug: p.slug ?? '',
        productType: p.productType ?? '',
        isDefault: p.isDefault === true
    }));
}
function isSastPolicy(policy) {
    return policy.productType === 'PRODUCT_TYPE_SAST';
}
/** The documented maximum: a policy of thousands of rules in a few round trips. */
const RULES_PAGE_LIMIT = 2000;
function policyRulePages(transport, deploymentId, policyId, maxPages = 500) {
    const path = `${policiesPath(deploymentId)}/${encodeURIComponent(policyId)}`;
    return (0,paginate/* cursorPages */.Xn)(async (cursor) => {
        const response = await transport.request({
            method: 'GET',
            path,
            query: { cursor, limit: RULES_PAGE_LIMIT },
            schema: RulesResponse,
            fast: fastRulesPage,
            hints: {
                404: `policy ${policyId} is not in deployment ${deploymentId}: ${POLICIES_404_CAUSES} no longer serve it`
            }
        });
        const next = response.cursor === null || response.cursor === undefined
            ? undefined
            : String(response.cursor);
        const items = response.rules.map(rule => ({
            id: rule.id,
            path: rule.path,
            mode: rule.policyMode
        }));
        return { items, next };
    }, { maxPages, request: { method: 'GET', path } });
}
/** Rule path → mode for one policy, over all cursor pages. */
async function policyRuleModes(transport, deploymentId, policyId) {
    const modes = new Map();
    for await (const page of policyRulePages(transport, deploymentId, policyId)) {
        for (const rule of page)
            modes.set(rule.path, rule.mode);
    }
    return modes;
}

;// CONCATENATED MODULE: ./src/collect/rule-modes.ts



/**
 * Fetches the rule modes the policy-mode gate needs while the findings are still arriving: the
 * rules of each policy that SAST findings name as their sourcing policy, once per policy, started
 * as soon as the first finding names it; the policy list only when some finding names none (to
 * find the default SAST policy). Policies that no finding in scope names are never fetched.
 */
class RuleModeCollector {
    transport;
    byPolicy = new Map();
    defaultPolicy;
    deploymentId;
    constructor(transport, deploymentId) {
        this.transport = transport;
        // Awaited only once a finding names a policy: a failed deployment lookup is reported elsewhere.
        this.deploymentId = settledLater(deploymentId);
    }
    /** Looks at a page of findings as it arrives. */
    add(findings) {
        for (const finding of findings) {
            if (finding.type !== 'sast')
                continue;
            const policy = finding.sourcingPolicy;
            if (policy !== undefined)
                this.want(policy.id, policy.name);
            else
                this.defaultPolicy ??= settledLater(this.findDefaultPolicy());
        }
    }
    /** Every mode asked for so far; rejects with the first request that failed. */
    async result() {
        // First: finding the default policy can add one more policy to fetch.
        const defaultPolicyId = await this.defaultPolicy;
        const entries = await Promise.all([...this.byPolicy].map(async ([policyId, modes]) => [policyId, await modes]));
        return { modes: new Map(entries), ...(defaultPolicyId ? { defaultPolicyId } : {}) };
    }
    want(policyId, name) {
        if (this.byPolicy.has(policyId))
            return;
        this.byPolicy.set(policyId, settledLater(this.fetchModes(policyId, name)));
    }
    async fetchModes(policyId, name) {
        // A failed deployment lookup is its own error, not a policy problem: awaited outside.
        const deploymentId = await this.deploymentId;
        const what = `the rule modes of policy ${policyId}${name ? ` (${name})` : ''}`;
        // Even a 404 (a policy deleted since the scan, a wrong deployment-id, the deprecated v1
        // endpoints gone) leaves every mode unknown, which never blocks: the gate would pass unjudged.
        return noVerdictOnFailure(what, policyRuleModes(this.transport, deploymentId, policyId));
    }
    async findDefaultPolicy() {
        const deploymentId = await this.deploymentId;
        const policies = await noVerdictOnFailure(`the policy list of deployment ${deploymentId} (to find the default SAST policy)`, listPolicies(this.transport, deploymentId));
        const found = policies.find(policy => policy.isDefault && isSastPolicy(policy));
        if (found)
            this.want(found.id, found.name);
        return found?.id;
    }
}
/** An API failure of a lookup the policy-mode gate needs is no verdict, not a partial one. */
async function noVerdictOnFailure(what, lookup) {
    try {
        return await lookup;
    }
    catch (error) {
        if (!(0,errors/* isClientError */._2)(error))
            throw error;
        throw new src_errors/* NoVerdictError */.L(`${what} could not be read, so fail-on-policy-mode cannot be judged: ${error.message}. Set fail-on-policy-mode: none to gate without policy modes`, 'on-api-error');
    }
}
/** A promise that is awaited later (or never, when the findings fail first): no unhandled rejection. */
function settledLater(promise) {
    promise.catch(() => undefined);
    return promise;
}

;// CONCATENATED MODULE: ./src/api/dependencies.ts



/** The description's `{id, name, version}` or the live `{package:{name, versionSpecifier}, licenses, ...}`. */
const DependencyWire = (0,wire/* camelObject */.Ct)({
    name: wire/* optionalString */.sx,
    version: wire/* optionalString */.sx,
    package: (0,wire/* camelObject */.Ct)({
        name: schemas/* string */.YjP(),
        versionSpecifier: wire/* optionalString */.sx,
        version: wire/* optionalString */.sx
    }).nullish(),
    licenses: wire/* stringList */.Yn,
    ecosystem: wire/* optionalString */.sx,
    repositoryId: wire/* stringId */.HL.nullish()
});
const DependenciesResponse = schemas/* object */.Ikc({
    dependencies: schemas/* array */.YOg(DependencyWire),
    cursor: schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()]).nullish(),
    hasMore: schemas/* boolean */.zMY().nullish(),
    has_more: schemas/* boolean */.zMY().nullish()
});
function toDependency(wire) {
    return {
        name: wire.package?.name ?? wire.name ?? '(unnamed)',
        version: wire.package?.versionSpecifier ?? wire.package?.version ?? wire.version ?? '',
        licenses: wire.licenses,
        ecosystem: wire.ecosystem ?? undefined,
        repositoryId: wire.repositoryId ?? undefined
    };
}
const DEPENDENCIES_PAGE_SIZE = 10000;
/** Dependencies matching a filter, all cursor pages. A POST, but a read: safe to retry. */
async function listDependencies(transport, deploymentId, filter, maxPages = 500) {
    const path = `/api/v1/deployments/${encodeURIComponent(deploymentId)}/dependencies`;
    const all = [];
    const pages = (0,paginate/* cursorPages */.Xn)(async (cursor) => {
        const response = await transport.request({
            method: 'POST',
            path,
            idempotent: true,
            body: { deploymentId, pageSize: DEPENDENCIES_PAGE_SIZE, cursor, dependencyFilter: filter },
            schema: DependenciesResponse
        });
        const next = response.cursor === null || response.cursor === undefined
            ? undefined
            : String(response.cursor);
        return {
            items: response.dependencies.map(toDependency),
            next,
            hasMore: response.hasMore ?? response.has_more ?? undefined
        };
    }, { maxPages, request: { method: 'POST', path } });
    for await (const page of pages)
        all.push(...page);
    return all;
}

// EXTERNAL MODULE: ./src/gate/licenses.ts + 1 modules
var licenses = __webpack_require__(6912);
;// CONCATENATED MODULE: ./src/collect/licenses.ts
/**
 * What the license gate judges, and how it is asked for. deny-licenses asks the server for the
 * repository's dependencies of each denied license (`dependencyFilter.license`), one query each;
 * allow-licenses cannot name what to look for, so it lists every dependency of the repository
 * (`dependencyFilter.repositoryId`) and judges each. Either way the judgement is the SPDX rules'
 * (gate/licenses.ts), on the licenses the answer carries.
 */



/**
 * The dependencies the license gate lists (violations, and with allow-licenses those of unknown
 * license), or none when no license list is set. `project` is asked for only then.
 * @throws NoVerdictError when, with allow-licenses, the repository has dependencies but the
 *   platform gave a license for none of them: the gate would have judged nothing.
 */
async function collectLicenseViolations(transport, deployment, config, project) {
    const policy = config.gate ? (0,licenses/* licensePolicyOf */.BJ)(config) : undefined;
    if (policy === undefined)
        return [];
    const [resolved, found] = await Promise.all([deployment, project()]);
    const listed = policy.mode === 'deny'
        ? await deniedMatches(transport, resolved.id, found.id, policy)
        : await everyDependency(transport, resolved.id, found.id, config.repository);
    return (0,licenses/* judgeLicenses */.Gc)(listed, policy, found.id);
}
/** The dependencies the server matches to each denied license, one query per license. */
async function deniedMatches(transport, deploymentId, repositoryId, policy) {
    const answers = await Promise.all(policy.licenses.map(async (matched) => {
        const filter = { license: [matched], repositoryId: [repositoryId] };
        const dependencies = await listDependencies(transport, deploymentId, filter);
        return dependencies.map(dependency => ({ dependency, matched }));
    }));
    return answers.flat();
}
/** Every dependency of the repository, which must carry licenses to be judged. */
async function everyDependency(transport, deploymentId, repositoryId, repository) {
    const dependencies = await listDependencies(transport, deploymentId, {
        repositoryId: [repositoryId]
    });
    const ours = dependencies.filter(d => d.repositoryId === undefined || d.repositoryId === String(repositoryId));
    if (ours.length > 0 && !ours.some(d => d.licenses.some(license => license.trim() !== ''))) {
        throw new src_errors/* NoVerdictError */.L(`the platform listed ${ours.length} ${ours.length === 1 ? 'dependency' : 'dependencies'} of ${repository} and a license for none of them, so allow-licenses could not judge any`, 'on-api-error');
    }
    return ours.map(dependency => ({ dependency }));
}

;// CONCATENATED MODULE: ./src/collect/checked-slug.ts
/**
 * Work addressed by the deployment slug, started under the slug the inputs give while the
 * deployment is still being checked, so the check costs no round trip on the way to the verdict.
 * The check settles first: a wrong slug is reported as a wrong deployment, not as what the early
 * work met. The check matches slugs case-insensitively and paths need not, so work started under
 * another spelling is cancelled and redone under the deployment's own slug.
 */
function underCheckedSlug(deployment, given, start, signal) {
    const cancel = new AbortController();
    const early = given === undefined
        ? undefined
        : start(given, signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal);
    early?.catch(() => undefined);
    return deployment.then(resolved => {
        if (early !== undefined && resolved.slug === given)
            return early;
        cancel.abort();
        return start(resolved.slug, signal);
    }, error => {
        cancel.abort();
        throw error;
    });
}

;// CONCATENATED MODULE: ./src/collect/gate-data.ts










/**
 * Every value, or the first failure in the order given, not in time: when several concurrent
 * requests fail, which one is reported must not depend on which answered first. Later ones are
 * awaited only after the earlier ones settle; their rejections are handled meanwhile.
 */
async function allInOrder(promises) {
    const pending = promises;
    for (const promise of pending)
        promise.catch(() => undefined);
    const values = [];
    for (const promise of pending)
        values.push(await promise);
    // The values are in the order of the promises, so each has its promise's type.
    return values;
}
/**
 * Every finding of the configured types and statuses in scope, all pages, fetched concurrently,
 * each page scoped as it arrives.
 */
async function fetchFindings(transport, deploymentSlug, config, { onPage, secrets, signal, expected, speculationLimit = FINDINGS_SPECULATION } = {}) {
    const filter = new ScopeFilter({
        repository: config.repository,
        ref: config.ref,
        statuses: config.status
    });
    // The API filters on one status per request: one page chain per type and status.
    const types = config.issueTypes.filter((type) => type !== 'secrets');
    const chains = types.flatMap(type => config.status.map(status => ({ type, status })));
    // Asked for and not fetched would pass secrets off as checked.
    if (config.issueTypes.includes('secrets') && !secrets) {
        throw new Error('issue-types includes secrets, but no secrets source was given');
    }
    const secretsChain = secrets && config.issueTypes.includes('secrets')
        ? fetchSecrets(transport, config, secrets, page => {
            signal?.throwIfAborted();
            filter.add(page);
        })
        : undefined;
    // One budget for all chains: the run speculates at most speculationLimit pages past the ends;
    // what the scan's count covers comes on top (docs/adr/0004).
    const speculation = new SpeculationBudget(Math.max(0, speculationLimit));
    const expectedOf = expectedItems(types, config, expected);
    await allInOrder([
        secretsChain ?? Promise.resolve(),
        ...chains.map(async ({ type, status }) => {
            const pages = findingPages(transport, deploymentSlug, { type, repository: config.repository, ref: config.ref, status, since: config.since }, DEFAULT_FINDINGS_PAGING, speculation, signal, expectedOf.get(type));
            for await (const page of pages) {
                filter.add(page);
                onPage?.(page);
            }
        })
    ]);
    return { findings: filter.findings(), dropped: filter.dropped };
}
/**
 * One expected count per type, shared by its status chains. The scan counts every finding it
 * found, so with `since` (which leaves the older ones out) the count would only overstate.
 */
function expectedItems(types, config, expected) {
    if (!expected || config.since !== undefined)
        return new Map();
    return new Map(types.map(type => [type, new ExpectedItems(expected.then(c => c?.[type]))]));
}
/**
 * The secrets findings of the repository, one page chain per status the secrets API knows. With
 * secrets only from the default, a deployment or repository without the product (403/404) is a
 * warning naming it, and the other types are still judged; any other failure is no verdict.
 */
async function fetchSecrets(transport, config, source, add) {
    const deploymentId = await source.deploymentId();
    try {
        await Promise.all(secretsStatuses(config.status).map(async (status) => {
            const pages = secretsPages(transport, deploymentId, {
                repository: config.repository,
                status,
                since: config.since
            });
            for await (const page of pages)
                add(page);
        }));
    }
    catch (error) {
        if (!config.secretsOptional || !isProductMissing(error))
            throw error;
        source.warn(`Secrets were not judged: the secrets endpoint answered HTTP ${error.status} for ${config.repository}, so the Secrets product seems not enabled for it; the other types were judged. Set issue-types to sast,sca to leave secrets out, or name secrets to make this an error`);
    }
}
function isProductMissing(error) {
    return error instanceof errors/* ApiError */.hD && (error.status === 403 || error.status === 404);
}
class ProjectNotFoundError extends src_errors/* UserError */.y {
    name = 'ProjectNotFoundError';
    constructor(repository, deployment) {
        super(`repository "${repository}" is not a project of deployment ${deployment.slug}: check the repository input (the name as the platform shows it) and that the repository has been scanned`);
    }
}
/** The project the evidence, the licenses and the actions read (see {@link underCheckedSlug}). */
function lookUpProject(transport, deployment, { slug, repository }) {
    return underCheckedSlug(deployment, slug, async (checkedSlug) => {
        const project = await (0,projects/* findProject */.t1)(transport, checkedSlug, repository);
        if (!project)
            throw new ProjectNotFoundError(repository, await deployment);
        return project;
    });
}
/**
 * What the gate needs, fetched with as much concurrency as the dependencies between calls allow:
 * findings start at once when the slug is known, licenses once the id is, and policy rules as
 * soon as a findings page names the policy.
 */
async function collectGateData(transport, deployment, config, project, { warn = () => undefined, signal, expected, speculationLimit } = {}) {
    const wantModes = config.gate && config.failOnPolicyMode !== 'none' && config.issueTypes.includes('sast');
    const ruleModes = wantModes
        ? new RuleModeCollector(transport, deployment.then(d => d.id))
        : undefined;
    const onPage = ruleModes ? (page) => ruleModes.add(page) : undefined;
    const secrets = { deploymentId: () => deployment.then(d => d.id), warn };
    // The findings' failure first, so a failed license lookup never hides it.
    const options = { onPage, secrets, signal, expected, speculationLimit };
    const [found, violations] = await allInOrder([
        underCheckedSlug(deployment, config.deploymentSlug, (slug, early) => fetchFindings(transport, slug, config, { ...options, signal: early }), signal),
        collectLicenseViolations(transport, deployment, config, () => project ??
            lookUpProject(transport, deployment, {
                slug: config.deploymentSlug,
                repository: config.repository
            }))
    ]);
    return {
        findings: found.findings,
        dropped: found.dropped,
        ...(ruleModes ? { ruleModes: await ruleModes.result() } : {}),
        licenseViolations: violations
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/gate/ignore.ts
var ignore = __webpack_require__(2889);
// EXTERNAL MODULE: ./src/inputs/pull-request.ts
var pull_request = __webpack_require__(2274);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/collect/github-contents.ts
/**
 * Reading one file of a GitHub repository at a commit or ref, through the contents API: the
 * ignore file and the config file at a pull request's base, and a config file kept in another
 * repository. Also where a pull request's base is, and a workspace path's place in the repository.
 */


function github_contents_isRecord(value) {
    return typeof value === 'object' && value !== null;
}
/** The base commit and repository from the event; the base repository is the one running. */
function pullRequestBase(ctx) {
    const pr = github_contents_isRecord(ctx.eventPayload) ? ctx.eventPayload.pull_request : undefined;
    const base = github_contents_isRecord(pr) ? pr.base : undefined;
    const sha = github_contents_isRecord(base) ? base.sha : undefined;
    const repo = github_contents_isRecord(base) && github_contents_isRecord(base.repo) ? base.repo.full_name : undefined;
    const fullName = typeof repo === 'string' ? repo : ctx.env.GITHUB_REPOSITORY;
    const [owner, name, ...rest] = (fullName ?? '').split('/');
    if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/i.test(sha))
        return undefined;
    if (!owner || !name || rest.length > 0)
        return undefined;
    return { owner, repo: name, sha };
}
/**
 * A workspace file's path in the repository (the workspace is the checkout), or undefined when
 * it is outside the workspace.
 */
function repositoryPath(file, ctx) {
    const root = (0,external_node_path_.resolve)(ctx.env.GITHUB_WORKSPACE ?? process.cwd());
    const inside = (0,external_node_path_.relative)(root, (0,external_node_path_.resolve)(root, file));
    if (inside === '' || inside.startsWith(`..${external_node_path_.sep}`) || inside === '..' || (0,external_node_path_.isAbsolute)(inside)) {
        return undefined;
    }
    return inside.split(external_node_path_.sep).join('/');
}
/** GitHub did not give the file: `status` when it answered, `detail` for the message. */
class ContentsError extends Error {
    route;
    detail;
    status;
    name = 'ContentsError';
    constructor(
    /** `GET /repos/{owner}/{repo}/contents/{path}`, for the message. */
    route, detail, status) {
        super(`GET ${route}: ${detail}`);
        this.route = route;
        this.detail = detail;
        this.status = status;
    }
}
function httpStatus(error) {
    return github_contents_isRecord(error) && typeof error.status === 'number' ? error.status : undefined;
}
/**
 * The raw text of the file at the ref; undefined when GitHub answers 404 (no such file, ref or
 * repository, or one the token cannot see).
 * @throws ContentsError for any other answer or failure.
 */
async function readRepositoryFile(request) {
    const { owner, repo, path } = request;
    const route = `/repos/${owner}/${repo}/contents/${path}`;
    const encoded = `/repos/{owner}/{repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}`;
    // Loaded only here: the GitHub client is the heaviest part of the bundle.
    const { getOctokit } = await Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(413)]).then(__webpack_require__.bind(__webpack_require__, 2413));
    const octokit = getOctokit(request.token, { baseUrl: request.apiUrl });
    let data;
    try {
        const response = await octokit.request(`GET ${encoded}`, {
            owner,
            repo,
            ref: request.ref,
            headers: { accept: 'application/vnd.github.raw+json' },
            request: { signal: AbortSignal.timeout(request.timeoutMs) }
        });
        data = response.data;
    }
    catch (error) {
        const status = httpStatus(error);
        if (status === 404)
            return undefined;
        throw new ContentsError(route, status === undefined ? (0,error_text/* errorText */.k)(error) : `HTTP ${status}`, status);
    }
    const text = rawText(data);
    if (text === undefined)
        throw new ContentsError(route, 'the answer is not the text of a file');
    return text;
}
/** The raw media type gives text (or bytes, by content type); a JSON answer carries base64. */
function rawText(data) {
    if (typeof data === 'string')
        return data;
    if (data instanceof ArrayBuffer)
        return new TextDecoder('utf-8', { fatal: false }).decode(data);
    if (github_contents_isRecord(data) && data.encoding === 'base64' && typeof data.content === 'string') {
        return Buffer.from(data.content, 'base64').toString('utf8');
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/collect/ignore-source.ts
/**
 * Where the ignore file comes from. On a pull request the checkout is the pull request's own
 * tree, so an entry it adds there would exempt its own findings: there the file is read at the
 * pull request's base commit through the GitHub contents API, and the entries the pull request
 * adds are only reported, as proposed. Every other event reads the workspace file.
 */






const NONE = { entries: [], proposed: [] };
/**
 * Reads and checks the workspace file now, so a malformed file stops the run before any request;
 * on a pull request, starts reading the base version.
 * @throws IgnoreFileError for an unreadable or invalid workspace file or an unusable path.
 */
async function loadIgnoreSource(config, ctx, runner) {
    const file = config.ignoreFile;
    if (file === undefined)
        return { applied: Promise.resolve(NONE) };
    const { parseIgnoreFile } = await Promise.all(/* import() */[__webpack_require__.e(6), __webpack_require__.e(768)]).then(__webpack_require__.bind(__webpack_require__, 3768));
    if (!(0,pull_request/* readsIgnoreFileAtBase */.Me)(ctx.eventName)) {
        const entries = parseIgnoreFile(await readWorkspaceFile(file), file);
        return { applied: Promise.resolve({ entries, proposed: [] }) };
    }
    const base = pullRequestBase(ctx);
    if (base === undefined) {
        throw new ignore/* IgnoreFileError */.d(file, [
            `on ${ctx.eventName}, the event payload has no pull_request.base.sha, so the file cannot be read at the pull request's base commit`
        ]);
    }
    if (config.githubToken === undefined) {
        throw new ignore/* IgnoreFileError */.d(file, [`on ${ctx.eventName}, github-token is required`]);
    }
    const path = repositoryPath(file, ctx);
    if (path === undefined) {
        throw new ignore/* IgnoreFileError */.d(file, [
            "is outside the workspace, so it cannot be read at the pull request's base commit; give a path inside the repository"
        ]);
    }
    // A pull request that deletes the file proposes nothing; its base still applies.
    const workspaceText = await readWorkspaceFile(file).catch((error) => {
        if (error instanceof ignore/* IgnoreFileError */.d && error.problems[0]?.includes('(ENOENT)'))
            return '';
        throw error;
    });
    const workspace = parseIgnoreFile(workspaceText, file);
    runner.info(`ignore-file ${file}: on ${ctx.eventName} the entries that apply are those at the base commit ${base.sha}; ` +
        "the pull request's own changes to it apply once it is merged");
    const label = `${file} (at base commit ${base.sha.slice(0, 12)})`;
    const applied = fetchBaseFile({
        file,
        path,
        base,
        token: config.githubToken,
        apiUrl: ctx.env.GITHUB_API_URL ?? 'https://api.github.com',
        timeoutMs: config.timeoutSeconds * 1000
    }).then(text => {
        if (text === undefined) {
            runner.info(`ignore-file ${file} does not exist at the base commit ${base.sha}: no ignore entries apply`);
        }
        const entries = parseIgnoreFile(text ?? '', label);
        const proposed = proposedEntries(workspace, entries).map(({ description, reason, expires }) => ({
            description,
            reason,
            ...(expires !== undefined ? { expires } : {})
        }));
        return { entries, proposed };
    });
    // Awaited only when the gate runs; a rejection must not surface as unhandled otherwise.
    applied.catch(() => undefined);
    return { applied };
}
/** The workspace entries the base does not have, compared on every field the user wrote. */
function proposedEntries(workspace, base) {
    const key = (entry) => JSON.stringify([
        entry.rule,
        entry.id,
        entry.path,
        entry.vulnerability,
        entry.package,
        entry.version,
        entry.reason,
        entry.expires
    ]);
    const known = new Set(base.map(key));
    return workspace.filter(entry => !known.has(key(entry)));
}
async function readWorkspaceFile(file) {
    try {
        return await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        throw new ignore/* IgnoreFileError */.d(file, [
            `cannot be read (${error.code ?? (0,error_text/* errorText */.k)(error)})`
        ]);
    }
}
/** The raw text of the file at the base commit; undefined when the base has no such file. */
async function fetchBaseFile(request) {
    const { base, path, token, apiUrl, timeoutMs } = request;
    try {
        return await readRepositoryFile({
            owner: base.owner,
            repo: base.repo,
            path,
            ref: base.sha,
            token,
            apiUrl,
            timeoutMs
        });
    }
    catch (error) {
        if (!(error instanceof ContentsError))
            throw error;
        const detail = error.status === 401 || error.status === 403
            ? `HTTP ${error.status}; the github-token needs the contents: read permission`
            : error.detail;
        throw new src_errors/* NoVerdictError */.L(`ignore-file ${request.file} could not be read at the pull request's base commit ${base.sha} ` +
            `(GET ${error.route}: ${detail}), so the exemptions that apply are unknown; ` +
            "the pull request's own copy is never used instead", 'on-api-error');
    }
}

// EXTERNAL MODULE: ./src/text/plain.ts
var plain = __webpack_require__(287);
;// CONCATENATED MODULE: ./src/gate/message.ts


const SHOWN = 3;
const PART_CHARS = 160;
/** Server text in a log line: one line, no control characters, bounded. */
function clean(text) {
    return (0,plain/* truncate */.xv)((0,plain/* oneLine */.TN)((0,plain/* truncate */.xv)(text, PART_CHARS * 2)), PART_CHARS);
}
function where(evaluated) {
    const { finding } = evaluated;
    if (finding.location)
        return ` at ${clean(finding.location.path)}${finding.location.line ? `:${finding.location.line}` : ''}`;
    if (finding.type === 'sca' && finding.dependency)
        return ` in ${clean(`${finding.dependency.package}@${finding.dependency.version}`)}`;
    return '';
}
function describeFinding(evaluated) {
    const { finding } = evaluated;
    const malicious = finding.type === 'sca' && finding.malicious ? 'malicious ' : '';
    return `${malicious}${finding.severity} ${clean(finding.ruleName)}${where(evaluated)}`;
}
function describeLicense(violation) {
    const unreadable = violation.judgement === 'unparseable' ? ', cannot be read' : '';
    return clean(`${violation.package}@${violation.version} (${violation.license}${unreadable})`);
}
function plural(count, word) {
    return `${count} ${word}${count === 1 ? '' : 's'}`;
}
/** The one line a failing gate ends with: how many, and the worst ones by name and place. */
function failureMessage(verdict) {
    const parts = [];
    if (verdict.blocking.length > 0) {
        const shown = verdict.blocking.slice(0, SHOWN).map(describeFinding);
        const more = verdict.blocking.length > SHOWN ? `, and ${verdict.blocking.length - SHOWN} more` : '';
        parts.push(`${plural(verdict.blocking.length, 'blocking finding')}: ${shown.join(', ')}${more}`);
    }
    if (verdict.licenseViolations.length > 0) {
        const shown = verdict.licenseViolations.slice(0, SHOWN).map(describeLicense);
        const more = verdict.licenseViolations.length > SHOWN
            ? `, and ${verdict.licenseViolations.length - SHOWN} more`
            : '';
        parts.push(`${verdict.licenseViolations.length === 1 ? '1 dependency' : `${verdict.licenseViolations.length} dependencies`} with ${(0,licenses/* violationsNoun */.Nm)(verdict.licenseViolations)}: ${shown.join(', ')}${more}`);
    }
    return parts.join('; ');
}
/** The headline of a verdict, for the summary and the log. */
function verdictHeadline(verdict) {
    if (verdict.result === 'failed')
        return `Gate failed: ${failureMessage(verdict)}`;
    const ignored = verdict.ignored.length > 0 ? `, ${verdict.ignored.length} ignored` : '';
    return `Gate passed: ${plural(verdict.counts.total, 'finding')} in scope, none blocking${ignored}`;
}
/**
 * The one warning for findings the policy-mode gate could not judge (their rule has no mode in
 * its policy), or undefined when there are none.
 */
function unknownModeWarning(verdict) {
    const unknown = verdict.counts.unknownMode;
    if (unknown === 0)
        return undefined;
    return `${unknown} SAST finding(s) have rules their policy does not list; their mode is unknown and does not block by mode`;
}

;// CONCATENATED MODULE: ./src/gate/modes.ts
/**
 * The mode of a finding's rule in the policy that sourced it. A finding without a sourcing policy
 * is looked up in the deployment's default SAST policy. Anything not found is `unknown`, which
 * never blocks by mode.
 */
function modeLookup(ruleModes) {
    if (!ruleModes)
        return () => 'not-fetched';
    const { modes, defaultPolicyId } = ruleModes;
    return finding => {
        const policyId = finding.sourcingPolicy?.id ?? defaultPolicyId;
        if (policyId === undefined)
            return 'unknown';
        return modes.get(policyId)?.get(finding.ruleName) ?? 'unknown';
    };
}

// EXTERNAL MODULE: ./src/inputs/echo.ts
var echo = __webpack_require__(968);
// EXTERNAL MODULE: ./src/inputs/errors.ts
var inputs_errors = __webpack_require__(1318);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/inputs/cross-field-rules.ts
/**
 * The rules between inputs: combinations whose values each parse but cannot work together. A rule
 * runs only once the fields it reads have parsed, so it never repeats a field's own problem.
 */


/** Run a rule only when the fields it reads parsed, so it sees real values and adds no noise. */
function onlyWhenValid(...fields) {
    const watched = new Set(fields);
    return { when: payload => !payload.issues.some(issue => watched.has(issue.path?.[0] ?? '')) };
}
/** Only matters when tickets are created: `blocking` is the default, and gate: false is legitimate. */
const blockingTicketsNeedTheGate = (inputs, ctx) => {
    if (inputs.createTickets && inputs.ticketFindings === 'blocking' && !inputs.gate) {
        ctx.addIssue({
            code: 'custom',
            path: ['ticketFindings'],
            message: 'blocking needs the gate, but gate is false; use ticket-findings: all (or gate: true)'
        });
    }
};
/** On a pull request the ignore file is read at the base commit, through the GitHub API. */
function baseIgnoreFileNeedsAToken(run) {
    return (inputs, ctx) => {
        if (inputs.ignoreFile !== undefined &&
            inputs.githubToken === undefined &&
            (0,pull_request/* readsIgnoreFileAtBase */.Me)(run.eventName)) {
            ctx.addIssue({
                code: 'custom',
                path: ['githubToken'],
                message: `is required when ignore-file is set on ${run.eventName}: the ignore file is read at the pull request's base commit through the GitHub API, so a pull request cannot exempt its own findings (use \${{ github.token }}, with contents: read)`
            });
        }
    };
}
/** One list decides: with both, a license neither names would be allowed by one and denied by none. */
const oneLicenseList = (inputs, ctx) => {
    if (inputs.allowLicenses.length > 0 && inputs.denyLicenses.length > 0) {
        ctx.addIssue({
            code: 'custom',
            path: ['allowLicenses'],
            message: 'cannot be set together with deny-licenses: set one of them (allow-licenses blocks every license it does not name, deny-licenses blocks the licenses it names)'
        });
    }
};
const deploymentSbomNeedsADirectory = (inputs, ctx) => {
    if (inputs.sbomScope === 'deployment' &&
        inputs.sbomFile !== undefined &&
        isFile(inputs.sbomFile)) {
        ctx.addIssue({
            code: 'custom',
            path: ['sbomFile'],
            message: 'is an existing file, but sbom-scope: deployment writes one file per project, so it must be a directory path',
            params: { received: inputs.sbomFile }
        });
    }
};
const shardNeedsDeploymentScope = (inputs, ctx) => {
    if (inputs.sbomShard !== undefined && inputs.sbomScope !== 'deployment') {
        ctx.addIssue({
            code: 'custom',
            path: ['sbomShard'],
            message: 'splits the projects of a deployment between matrix jobs, so it needs sbom-scope: deployment'
        });
    }
};
const prCommentNeedsAToken = (inputs, ctx) => {
    if (inputs.commentOnPr !== 'never' && inputs.githubToken === undefined) {
        ctx.addIssue({
            code: 'custom',
            path: ['githubToken'],
            message: `is required when comment-on-pr is ${inputs.commentOnPr} (use \${{ github.token }})`
        });
    }
};
const commitEvidenceNeedsACommit = (inputs, ctx) => {
    // Only a run that judges findings (the gate, or tickets for them) proves a scan.
    const judges = inputs.gate || inputs.createTickets;
    if (judges && inputs.requireScan === 'commit' && inputs.commit === undefined) {
        ctx.addIssue({
            code: 'custom',
            path: ['commit'],
            message: 'is required when require-scan is commit (set it, or run on GitHub Actions where GITHUB_SHA is set; or set require-scan: ref or none)'
        });
    }
};
/** Unreadable paths (ENOTDIR, EACCES) count as "not a file": writing there will report its own error. */
function isFile(path) {
    try {
        return (0,external_node_fs_.statSync)(path, { throwIfNoEntry: false })?.isFile() ?? false;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/inputs/sbom-shard.ts
/** The `sbom-shard: k/n` input: which share of the deployment one job of a matrix exports. */
/** The largest `n` accepted: more jobs than a GitHub Actions matrix can hold (256) is a typo. */
const MAX_SHARDS = 256;
/** `k/n` with 1 ≤ k ≤ n ≤ MAX_SHARDS, or undefined. */
function parseShardText(raw) {
    const match = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(raw);
    if (!match)
        return undefined;
    const index = Number(match[1]);
    const count = Number(match[2]);
    if (count < 1 || count > MAX_SHARDS || index < 1 || index > count)
        return undefined;
    return { index, count };
}

// EXTERNAL MODULE: ./src/inputs/parsers.ts
var parsers = __webpack_require__(5165);
;// CONCATENATED MODULE: ./src/inputs/parsed-field.ts
/**
 * Building blocks of the input schema: a field is a raw string run through one value parser, so
 * the parsers stay plain functions and every problem still becomes a zod issue on its own field.
 */


/**
 * A field whose raw string goes through `parse`; an {@link InputValueError} (or an AggregateError
 * of them, for lists) becomes one issue per problem on this field instead of stopping the parse.
 */
function parsed(parse, whenMissing = 'is required') {
    return schemas/* string */.YjP({ error: whenMissing }).transform((raw, ctx) => {
        try {
            return parse(raw);
        }
        catch (error) {
            for (const problem of (0,inputs_errors/* valueErrors */.Bs)(error)) {
                ctx.addIssue({
                    code: 'custom',
                    message: problem.problem,
                    params: { received: problem.received }
                });
            }
            return core/* NEVER */.tm;
        }
    });
}
/** A `${{ }}` default for an optional field: a value from the run when there is one. */
function optionalWithFallback(schema, fallback) {
    return fallback === undefined ? schema.optional() : schema.prefault(fallback);
}
/** A `${{ }}` default: a value from the run when there is one, else the field stays required. */
function withFallback(schema, fallback) {
    return fallback === undefined ? schema : schema.prefault(fallback);
}

;// CONCATENATED MODULE: ./src/inputs/actions.ts
/** The action inputs: what the run does besides judging (tickets, project tags, SBOM exports). */





const MAX_TAG_LENGTH = 64;
function actionsFields() {
    return {
        createTickets: parsed(parsers/* parseBoolean */.yG).prefault('false'),
        ticketFindings: parsed((0,parsers/* oneOf */.yL)(['blocking', 'all'])).prefault('blocking'),
        ticketLimit: parsed((0,parsers/* integerFrom */.bn)(1, 20)).prefault('20'),
        groupTickets: parsed(parsers/* parseBoolean */.yG).prefault('true'),
        trackerProjectId: parsed(parsers/* parseDigits */.o_).optional(),
        projectTags: parsed((0,parsers/* listOf */.c3)(parseTag)).prefault(''),
        sbomExport: parsed(parsers/* parseBoolean */.yG).prefault('false'),
        sbomScope: parsed((0,parsers/* oneOf */.yL)(['repository', 'deployment'])).prefault('repository'),
        sbomFormat: parsed((0,parsers/* oneOf */.yL)(['json', 'cyclonedx'])).prefault('cyclonedx'),
        sbomComponentType: parsed((0,parsers/* oneOf */.yL)(domain/* SBOM_COMPONENT_TYPES */.eN, parsers/* underscored */.D_)).prefault('application'),
        sbomSupplierName: parsed(parsers/* parsePlainText */.j_).optional(),
        sbomSupplierUrl: parsed(parsers/* parseWebUrl */.BD).optional(),
        sbomSupplierEmail: parsed(parsers/* parseEmail */.wj).optional(),
        sbomWait: parsed(parsers/* parseBoolean */.yG).prefault('false'),
        sbomWaitTimeoutSeconds: parsed((0,parsers/* integerFrom */.bn)(1, 21_600)).prefault('900'),
        sbomFile: parsed(parsers/* parsePath */.Rr).optional(),
        sbomShard: parsed(parseShard).optional()
    };
}
function parseTag(tag) {
    if ([...tag].length > MAX_TAG_LENGTH) {
        throw new inputs_errors/* InputValueError */.uH(`each tag must be at most ${MAX_TAG_LENGTH} characters`, tag);
    }
    return tag;
}
function parseShard(raw) {
    const shard = parseShardText(raw);
    if (shard !== undefined)
        return shard;
    throw new inputs_errors/* InputValueError */.uH(`must be k/n with 1 ≤ k ≤ n ≤ ${MAX_SHARDS}, e.g. \${{ matrix.shard }}/8 with shard 1 to 8`, raw);
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/inputs/config-file.ts
/**
 * The config file (`config-file`): one policy for many repositories. A YAML mapping of input
 * names to values (`fail-on-severity: critical`), read before anything else; an input the
 * workflow sets overrides it, and the defaults apply to what neither sets.
 *
 * Only the gate's thresholds and the run's behaviour can be set there. Tokens, URLs, what is
 * gated and the files the action writes stay in the workflow: a file read from another
 * repository must not be able to send the token elsewhere, gate another repository or write
 * over a file of the runner.
 */





/** The inputs a config file may set. */
const FILE_INPUTS = Object.freeze([
    'timeout-seconds',
    'max-retries',
    'on-api-error',
    'since',
    'issue-types',
    'status',
    'require-scan',
    'scan-wait-timeout-seconds',
    'on-missing-scan',
    'gate',
    'fail-on-severity',
    'fail-on-policy-mode',
    'fail-on-exposures',
    'fail-on-transitivities',
    'ignore-unfixed',
    'fail-on-epss',
    'fail-on-malicious',
    'fail-on-secrets',
    'ignore-rules',
    'ignore-file',
    'deny-licenses',
    'allow-licenses',
    'warn-only',
    'create-tickets',
    'ticket-findings',
    'ticket-limit',
    'group-tickets',
    'tracker-project-id',
    'project-tags',
    'sbom-export',
    'sbom-scope',
    'sbom-format',
    'sbom-component-type',
    'sbom-supplier-name',
    'sbom-supplier-email',
    'sbom-wait',
    'sbom-wait-timeout-seconds',
    'summary',
    'annotations',
    'max-annotations',
    'comment-on-pr'
]);
const TOKEN = 'is a token: tokens come from the workflow (its secrets), never from a file';
const config_file_URL = 'is a URL: a file must not choose where the action sends requests';
const TARGET = 'names what is gated: the workflow says which repository, ref and deployment';
const WRITTEN = 'is a file the action writes: the workflow says where';
/** The inputs only the workflow sets, and why, for the message that refuses one in a file. */
const WORKFLOW_ONLY_INPUTS = Object.freeze({
    'api-token': TOKEN,
    'github-token': TOKEN,
    'config-token': TOKEN,
    'base-url': config_file_URL,
    'sbom-supplier-url': config_file_URL,
    'config-file': 'is the file itself: a config file cannot name another',
    repository: TARGET,
    ref: TARGET,
    commit: TARGET,
    'deployment-slug': TARGET,
    'deployment-id': TARGET,
    'sbom-shard': 'splits one workflow run into matrix jobs: the workflow sets it',
    'sarif-file': WRITTEN,
    'report-file': WRITTEN,
    'sbom-file': WRITTEN
});
/** dependency-review's convention; a workspace path holding `@` starts with `./`. */
const IN_REPOSITORY = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/([^@]+)@([^@\s]+)$/;
function configFileLocation(raw) {
    if (echo/* CONTROL_CHARACTERS */.nI.test(raw)) {
        throw new inputs_errors/* InputValueError */.uH('must not contain control characters', raw);
    }
    const match = raw.startsWith('./') || raw.startsWith('/') ? null : IN_REPOSITORY.exec(raw);
    if (!match)
        return { kind: 'workspace', path: raw };
    const [, owner, repo, path, ref] = match;
    const segments = path.split('/');
    if ([owner, repo, ...segments].some(part => part === '' || part === '.' || part === '..')) {
        throw new inputs_errors/* InputValueError */.uH('must be a workspace path, or OWNER/REPO/PATH@REF with no empty, "." or ".." segment (e.g. acme/policies/findings-gate.yml@main)', raw);
    }
    return { kind: 'repository', owner, repo, path, ref };
}
/** The policy file inputs: where the file is, and the token that reads it from a repository. */
function policyFileFields() {
    return {
        configFile: parsed(raw => locationText(configFileLocation(raw))).optional(),
        configToken: parsed(parsers/* parseToken */.pI).optional()
    };
}
/** The location as the reports and messages name it. */
function locationText(location) {
    return location.kind === 'workspace'
        ? location.path
        : `${location.owner}/${location.repo}/${location.path}@${location.ref}`;
}
/** A YAML value as an input string; lists become one entry a line, as list inputs read them. */
function inputText(value) {
    if (typeof value === 'string')
        return value.trim();
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
        return String(value);
    }
    if (Array.isArray(value)) {
        const entries = value.map(entry => (Array.isArray(entry) ? undefined : inputText(entry)));
        return entries.every(entry => entry !== undefined) ? entries.join('\n') : undefined;
    }
    return undefined;
}
function keyProblem(key) {
    if (FILE_INPUTS.includes(key))
        return undefined;
    const why = WORKFLOW_ONLY_INPUTS[key];
    if (why !== undefined)
        return `${key}: cannot be set in a config file: it ${why}`;
    return `${key}: is not an input a config file can set; it can set ${FILE_INPUTS.join(', ')}`;
}
function valueProblem(key, value) {
    if (value === null || value === undefined) {
        return `${key}: has no value; give one, or leave the key out for the workflow's input or the default`;
    }
    if (inputText(value) === undefined) {
        return `${key}: must be a text, a number, true or false, or a list of them`;
    }
    return undefined;
}
/**
 * The settings of a config file's text. Every problem is listed at once, each naming the file and
 * the key, as the inputs' own problems are.
 * @throws ConfigError for text that is not a YAML mapping, an unknown or workflow-only key, or a
 *   value that is not a scalar or a list of scalars.
 */
function parseConfigFile(text, label) {
    const problem = (detail) => `config-file ${label}: ${detail}`;
    let document;
    try {
        // The core schema: `yes` stays the text yes (and is refused where true or false is wanted).
        document = (0,dist/* parse */.qg)(text, { schema: 'core' });
    }
    catch (error) {
        const first = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw new inputs_errors/* ConfigError */.xL([problem(`not valid YAML (${first})`)]);
    }
    if (document === null || document === undefined)
        return { label, values: new Map() };
    if (typeof document !== 'object' || Array.isArray(document)) {
        throw new inputs_errors/* ConfigError */.xL([
            problem('must be a mapping of input names to values, e.g. fail-on-severity: critical')
        ]);
    }
    const problems = [];
    const values = new Map();
    for (const [key, value] of Object.entries(document)) {
        const wrong = keyProblem(key) ?? valueProblem(key, value);
        if (wrong !== undefined)
            problems.push(problem(wrong));
        else
            values.set(key, inputText(value) ?? '');
    }
    if (problems.length > 0)
        throw new inputs_errors/* ConfigError */.xL(problems);
    return { label, values };
}

;// CONCATENATED MODULE: ./src/inputs/connection.ts
/** The connection inputs: how to reach the API, as whom, and how patiently. */


function connectionFields() {
    return {
        apiToken: parsed(parsers/* parseToken */.pI, 'is required (store it as a secret)'),
        baseUrl: parsed(parsers/* parseBaseUrl */.Q2).prefault(parsers/* DEFAULT_BASE_URL */.Ql),
        deploymentSlug: parsed(parsers/* parseSlug */.dF).optional(),
        deploymentId: parsed(parsers/* parseDigits */.o_).optional(),
        timeoutSeconds: parsed((0,parsers/* integerFrom */.bn)(1, 600)).prefault('30'),
        maxRetries: parsed((0,parsers/* integerFrom */.bn)(0, 10)).prefault('4'),
        onApiError: parsed((0,parsers/* oneOf */.yL)(['fail', 'warn'])).prefault('fail')
    };
}

;// CONCATENATED MODULE: ./src/inputs/run-context.ts
/**
 * The run besides its inputs: the clock, the environment and the triggering event, and what the
 * `${{ github.* }}` defaults of `action.yml` derive from them (repository, ref, commit). Those
 * defaults are not expanded outside a runner, so the code derives them itself, and derives them
 * the way the scanner records them, so the findings queried are those of this run's scan.
 */

/** The context of a real run: the clock, `process.env` and the event that triggered the workflow. */
function defaultRunContext() {
    const env = process.env;
    return {
        now: new Date(),
        env,
        eventName: nonEmpty(env.GITHUB_EVENT_NAME),
        eventPayload: readEventPayload(env.GITHUB_EVENT_PATH)
    };
}
/** Undefined when there is no readable JSON event file: the payload only refines a default. */
function readEventPayload(path) {
    if (path === undefined || path === '')
        return undefined;
    try {
        return JSON.parse((0,external_node_fs_.readFileSync)(path, 'utf8'));
    }
    catch {
        return undefined;
    }
}
/** The `owner/name` the workflow runs in (`${{ github.repository }}`). */
function contextRepository(ctx) {
    return nonEmpty(ctx.env.GITHUB_REPOSITORY);
}
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
/**
 * The ref the scanner records for this event (semgrep's `GithubMeta.branch`), so the findings
 * queried are those of this run's scan: `pull_request` → `refs/pull/<n>/merge` (GITHUB_REF);
 * `pull_request_target` → GITHUB_HEAD_REF, the head branch name, bare (`feature/login`), never the
 * base branch that GITHUB_REF names there; anything else → GITHUB_REF.
 */
function contextRef(ctx) {
    if (ctx.eventName === 'pull_request_target') {
        return nonEmpty(ctx.env.GITHUB_HEAD_REF) ?? pullRequestHeadRef(ctx.eventPayload);
    }
    const number = PULL_REQUEST_EVENTS.has(ctx.eventName ?? '')
        ? pullRequestNumber(ctx.eventPayload)
        : undefined;
    return number === undefined ? nonEmpty(ctx.env.GITHUB_REF) : `refs/pull/${number}/merge`;
}
/** Why `ref` is required when {@link contextRef} found none: the fix differs by event. */
function missingRefProblem(ctx) {
    return ctx.eventName === 'pull_request_target'
        ? "is required on pull_request_target (the scanner records the pull request's head branch, GITHUB_HEAD_REF, which is not set; set ref)"
        : 'is required (set it, or run on GitHub Actions where GITHUB_REF is set)';
}
/**
 * The commit the scanner records: on pull requests the head commit (GITHUB_SHA is the merge
 * commit there, or the base branch's head on pull_request_target), else GITHUB_SHA.
 */
function contextCommit(ctx) {
    if (PULL_REQUEST_EVENTS.has(ctx.eventName ?? '') && run_context_isRecord(ctx.eventPayload)) {
        const pr = ctx.eventPayload.pull_request;
        const head = run_context_isRecord(pr) && run_context_isRecord(pr.head) ? pr.head.sha : undefined;
        if (typeof head === 'string' && head.trim() !== '')
            return head.trim();
    }
    return nonEmpty(ctx.env.GITHUB_SHA);
}
function pullRequestNumber(payload) {
    if (!run_context_isRecord(payload))
        return undefined;
    const candidates = [
        run_context_isRecord(payload.pull_request) ? payload.pull_request.number : undefined,
        payload.number
    ];
    return candidates.find((value) => Number.isSafeInteger(value) && Number(value) > 0);
}
function pullRequestHeadRef(payload) {
    if (!run_context_isRecord(payload) || !run_context_isRecord(payload.pull_request))
        return undefined;
    const head = payload.pull_request.head;
    return run_context_isRecord(head) && typeof head.ref === 'string' ? nonEmpty(head.ref) : undefined;
}
function run_context_isRecord(value) {
    return typeof value === 'object' && value !== null;
}
/** Blank counts as unset: the runner sets some variables (GITHUB_HEAD_REF) empty, not absent. */
function nonEmpty(value) {
    return value === undefined || value.trim() === '' ? undefined : value.trim();
}

;// CONCATENATED MODULE: ./src/inputs/evidence.ts
/** The evidence inputs: which scan the findings must come from, and how long to wait for it. */



function evidenceFields(ctx) {
    return {
        requireScan: parsed((0,parsers/* oneOf */.yL)(['commit', 'ref', 'none'])).prefault('commit'),
        commit: optionalWithFallback(parsed(parsers/* parseCommit */.L5), contextCommit(ctx)),
        scanWaitTimeoutSeconds: parsed((0,parsers/* integerFrom */.bn)(0, 3600)).prefault('600'),
        onMissingScan: parsed((0,parsers/* oneOf */.yL)(['fail', 'warn'])).prefault('fail')
    };
}

;// CONCATENATED MODULE: ./src/inputs/gate.ts
/** The gate inputs: what blocks the build (thresholds, ignores, denied licenses, warn-only). */




/** Worst first, because that is how people read a threshold list. */
const SEVERITIES_WORST_FIRST = [...domain/* SEVERITIES */.oC].reverse();
/** `disabled` rules never block, so it is no threshold; strictest first, like the severities. */
const GATED_POLICY_MODES = domain/* POLICY_MODES */.yK.filter((mode) => mode !== 'disabled').reverse();
/** The values of `fail-on-policy-mode`, strictest first. */
const FAIL_ON_POLICY_MODE_VALUES = [...GATED_POLICY_MODES, 'none'];
function gateFields() {
    return {
        gate: parsed(parsers/* parseBoolean */.yG).prefault('true'),
        failOnSeverity: parsed((0,parsers/* oneOf */.yL)([...SEVERITIES_WORST_FIRST, 'none'])).prefault('high'),
        failOnPolicyMode: parsed((0,parsers/* oneOf */.yL)(FAIL_ON_POLICY_MODE_VALUES)).prefault('block'),
        failOnExposures: parsed(parseExposures).prefault('reachable,always_reachable'),
        failOnTransitivities: parsed(parseTransitivities).prefault('direct,transitive,unknown'),
        ignoreUnfixed: parsed(parsers/* parseBoolean */.yG).prefault('false'),
        failOnEpss: parsed(parseProbability).optional(),
        failOnMalicious: parsed(parsers/* parseBoolean */.yG).prefault('true'),
        failOnSecrets: parsed((0,parsers/* oneOf */.yL)(domain/* SECRETS_THRESHOLDS */.dh)).prefault('valid'),
        ignoreRules: parsed((0,parsers/* listOf */.c3)(parsers/* anyText */.Ae)).prefault(''),
        ignoreFile: parsed(parsers/* parsePath */.Rr).optional(),
        denyLicenses: parsed((0,parsers/* listOf */.c3)(parsers/* parseLicenseId */.y5)).prefault(''),
        allowLicenses: parsed((0,parsers/* listOf */.c3)(parsers/* parseLicenseId */.y5)).prefault(''),
        warnOnly: parsed(parsers/* parseBoolean */.yG).prefault('false')
    };
}
/** `none` alone is the explicit empty list, since an empty input means the default. */
function noneOrListOf(values, what) {
    const allowed = `${values.join(', ')} (or none alone, for no ${what})`;
    return raw => raw.toLowerCase() === 'none'
        ? Object.freeze([])
        : (0,parsers/* listOf */.c3)((0,parsers/* entryOf */.Ms)((0,parsers/* oneOf */.yL)(values, parsers/* underscored */.D_), allowed))(raw);
}
const parseExposures = noneOrListOf(domain/* EXPOSURES */.b3, 'exposures');
const parseTransitivities = noneOrListOf(domain/* TRANSITIVITIES */.zR, 'transitivities');
/** An EPSS probability: a decimal from 0 to 1, as the platform gives scores. */
function parseProbability(raw) {
    if (/^(?:0|1)(?:\.\d+)?$|^\.\d+$/.test(raw)) {
        const value = Number(raw);
        if (value >= 0 && value <= 1)
            return value;
    }
    throw new inputs_errors/* InputValueError */.uH('must be a probability from 0 to 1, e.g. 0.1 (empty: EPSS does not block)', raw);
}

;// CONCATENATED MODULE: ./src/inputs/reports.ts
/** The report inputs: where the verdict is shown (summary, annotations, files, PR comment). */


function reportsFields() {
    return {
        summary: parsed(parsers/* parseBoolean */.yG).prefault('true'),
        annotations: parsed(parsers/* parseBoolean */.yG).prefault('true'),
        maxAnnotations: parsed((0,parsers/* integerFrom */.bn)(0, 1000)).prefault('50'),
        sarifFile: parsed(parsers/* parsePath */.Rr).optional(),
        reportFile: parsed(parsers/* parsePath */.Rr).optional(),
        commentOnPr: parsed((0,parsers/* oneOf */.yL)(['always', 'on-failure', 'never'])).prefault('never'),
        githubToken: parsed(parsers/* parseToken */.pI).optional()
    };
}

// EXTERNAL MODULE: ./src/time/duration.ts
var time_duration = __webpack_require__(2061);
;// CONCATENATED MODULE: ./src/inputs/since.ts
/** The `since` input: a point in time as ISO 8601, epoch seconds or a duration back from now. */


/** `since` beyond this is certainly a typo; milliseconds are the usual one (1e11 s is year 5138). */
const YEAR_3000_SECONDS = Date.UTC(3000, 0, 1) / 1000;
const LOOKS_LIKE_MILLISECONDS = 1e11;
const SINCE_FORMATS = 'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w';
/**
 * The `since` input as whole epoch seconds (rounded down), or undefined when `raw` is blank.
 * Accepts ISO 8601 with `Z` or an offset (a bare date means midnight UTC), epoch seconds (possibly
 * fractional) and durations back from `now` (`30m`, `12h`, `7d`, `2w`).
 * @throws InputValueError, and only that, for anything else: ISO without a zone (ambiguous), values
 *   that look like milliseconds, times before 1970 or in the future, and unknown formats.
 */
function parseSince(raw, now) {
    const text = raw.trim();
    if (text === '')
        return undefined;
    const seconds = epochSeconds(text) ?? secondsBack(text, now) ?? isoSeconds(text);
    if (seconds === undefined)
        throw new inputs_errors/* InputValueError */.uH(SINCE_FORMATS, text);
    return pastOnly(Math.floor(seconds), text, now);
}
function pastOnly(seconds, text, now) {
    if (seconds < 0)
        throw new inputs_errors/* InputValueError */.uH('must not be before 1970-01-01', text);
    if (seconds > Math.floor(now.getTime() / 1000)) {
        throw new inputs_errors/* InputValueError */.uH('must not be in the future', text);
    }
    return seconds;
}
function epochSeconds(text) {
    if (!/^\d+(\.\d+)?$/.test(text))
        return undefined;
    const seconds = Number(text);
    if (seconds > LOOKS_LIKE_MILLISECONDS) {
        throw new inputs_errors/* InputValueError */.uH('must be epoch seconds, but this looks like milliseconds', text);
    }
    if (seconds > YEAR_3000_SECONDS)
        throw new inputs_errors/* InputValueError */.uH('must be before the year 3000', text);
    return seconds;
}
function secondsBack(text, now) {
    const duration = (0,time_duration/* parseDurationSeconds */.lW)(text);
    if (duration === undefined)
        return undefined;
    if (duration === 0)
        throw new inputs_errors/* InputValueError */.uH('must be a positive duration', text);
    return Math.floor(now.getTime() / 1000) - duration;
}
/** Date, optional time with optional seconds and fraction, optional zone (checked separately). */
const ISO_8601 = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[Tt ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,]\d+)?)?(?<zone>[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;
function isoSeconds(text) {
    const parts = ISO_8601.exec(text)?.groups;
    if (parts === undefined)
        return undefined;
    if (parts.hour !== undefined && parts.zone === undefined) {
        throw new inputs_errors/* InputValueError */.uH('must include a time zone (Z or an offset like +02:00); without one the time is ambiguous', text);
    }
    const time = dateTimeOf(parts);
    // Checked first because Date.UTC maps years 0-99 to 1900-1999.
    if (time.year < 1970)
        throw new inputs_errors/* InputValueError */.uH('must not be before 1970-01-01', text);
    if (!isRealDateTime(time)) {
        throw new inputs_errors/* InputValueError */.uH('must be a real calendar date and time', text);
    }
    const { year, month, day, hour, minute, second } = time;
    return (Date.UTC(year, month - 1, day, hour, minute, second) / 1000 - offsetSeconds(parts.zone, text));
}
/** Missing time parts are zero: a bare date is midnight UTC. */
function dateTimeOf(parts) {
    const number = (name) => Number(parts[name] ?? '0');
    return {
        year: number('year'),
        month: number('month'),
        day: number('day'),
        hour: number('hour'),
        minute: number('minute'),
        second: number('second')
    };
}
/** The regular expression only checks digit counts; this rejects 2026-02-30 and 25:00. */
function isRealDateTime({ year, month, day, hour, minute, second }) {
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const dateIsReal = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
    return dateIsReal && hour <= 23 && minute <= 59 && second <= 59;
}
/** `Z`, `+02`, `+0200` or `+02:00` → seconds east of UTC. */
function offsetSeconds(zone, text) {
    if (zone === undefined || zone.toUpperCase() === 'Z')
        return 0;
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 23 || minutes > 59) {
        throw new inputs_errors/* InputValueError */.uH('must have an offset from -23:59 to +23:59', text);
    }
    return (zone.startsWith('-') ? -1 : 1) * (hours * 3600 + minutes * 60);
}

;// CONCATENATED MODULE: ./src/inputs/scope.ts
/** The scope inputs: which findings count (repository, ref, age, issue types, statuses). */






function scopeFields(ctx) {
    return {
        repository: withFallback(parsed(parsers/* parseRepository */.SU, 'is required (set it, or run on GitHub Actions where GITHUB_REPOSITORY is set)'), contextRepository(ctx)),
        ref: withFallback(parsed(parsers/* parseRef */.rd, missingRefProblem(ctx)), contextRef(ctx)),
        since: parsed(raw => parseSince(raw, ctx.now)).optional(),
        // Empty (the action.yml default) = every type, secrets only where the deployment has them.
        issueTypes: parsed(parseIssueTypes).optional(),
        status: parsed(parseStatuses).prefault('open,reviewing,fixing')
    };
}
/** What an empty `issue-types` means: every type. */
const DEFAULT_ISSUE_TYPES = Object.freeze([
    ...domain/* ISSUE_TYPES */.co
]);
function parseIssueTypes(raw) {
    const types = (0,parsers/* listOf */.c3)((0,parsers/* entryOf */.Ms)((0,parsers/* oneOf */.yL)(domain/* ISSUE_TYPES */.co), domain/* ISSUE_TYPES */.co.join(', ')))(raw);
    if (types.length > 0)
        return types;
    throw new inputs_errors/* InputValueError */.uH(`must name at least one of ${domain/* ISSUE_TYPES */.co.join(', ')}`, raw);
}
/** The API filters on one status per request, so each listed status is one request chain. */
function parseStatuses(raw) {
    const allowed = domain/* FINDING_STATUSES */.pM.join(', ');
    const statuses = (0,parsers/* listOf */.c3)((0,parsers/* entryOf */.Ms)((0,parsers/* oneOf */.yL)(domain/* FINDING_STATUSES */.pM, parsers/* underscored */.D_), allowed))(raw);
    if (statuses.length > 0)
        return statuses;
    throw new inputs_errors/* InputValueError */.uH(`must name at least one of ${allowed}`, raw);
}

;// CONCATENATED MODULE: ./src/inputs/input-fields.ts







/**
 * Fields keyed by the camelCase of their input name (`fail-on-severity` → `failOnSeverity`), so an
 * issue's path names its input. Defaults are the raw strings of `action.yml` and go through the
 * same parsing as user values (`prefault`); `${{ }}` defaults come from the run context instead.
 */
function inputFields(ctx) {
    return {
        ...connectionFields(),
        ...policyFileFields(),
        ...scopeFields(ctx),
        ...evidenceFields(ctx),
        ...gateFields(),
        ...actionsFields(),
        ...reportsFields()
    };
}

;// CONCATENATED MODULE: ./src/inputs/schema.ts
/**
 * The configuration schema of one run: every input field, the rules between them, and the final
 * frozen {@link Config} they become.
 */




/**
 * The whole configuration schema for one run. It is built per run because three defaults come
 * from the run itself: `repository` and `ref` (the `${{ github.* }}` defaults, which are not
 * expanded outside a runner) and `since` durations, which count back from `ctx.now`.
 * Input: an object of raw, non-empty input strings keyed by camelCase input name.
 */
function configSchema(ctx) {
    return schemas/* object */.Ikc(inputFields(ctx))
        .superRefine(blockingTicketsNeedTheGate, onlyWhenValid('createTickets', 'ticketFindings', 'gate'))
        .superRefine(baseIgnoreFileNeedsAToken(ctx), onlyWhenValid('ignoreFile', 'githubToken'))
        .superRefine(oneLicenseList, onlyWhenValid('allowLicenses', 'denyLicenses'))
        .superRefine(deploymentSbomNeedsADirectory, onlyWhenValid('sbomScope', 'sbomFile'))
        .superRefine(shardNeedsDeploymentScope, onlyWhenValid('sbomScope', 'sbomShard'))
        .superRefine(prCommentNeedsAToken, onlyWhenValid('commentOnPr', 'githubToken'))
        .superRefine(commitEvidenceNeedsACommit, onlyWhenValid('requireScan', 'commit', 'gate', 'createTickets'))
        .transform(toConfig);
}
function toConfig(inputs) {
    const { sbomSupplierName, sbomSupplierUrl, sbomSupplierEmail, issueTypes, ...rest } = inputs;
    const sbomSupplier = supplierOf(sbomSupplierName, sbomSupplierUrl, sbomSupplierEmail);
    return Object.freeze({
        ...rest,
        issueTypes: issueTypes ?? DEFAULT_ISSUE_TYPES,
        /**
         * Secrets came only from the default: a deployment without the Secrets product is then a
         * warning, not a missing verdict (a user who names secrets wants them judged).
         */
        secretsOptional: issueTypes === undefined,
        ...(sbomSupplier && { sbomSupplier }),
        // A file can only be downloaded once the export has finished.
        sbomWait: rest.sbomWait || rest.sbomFile !== undefined
    });
}
function supplierOf(name, url, email) {
    if (name === undefined && url === undefined && email === undefined)
        return undefined;
    return Object.freeze({
        ...(name !== undefined && { name }),
        ...(url !== undefined && { url }),
        ...(email !== undefined && { email })
    });
}

;// CONCATENATED MODULE: ./src/inputs/index.ts









/**
 * Read, validate and freeze every input. With a config file, an input the workflow leaves empty
 * takes the file's value; the schema's default applies to what neither sets.
 * @throws ConfigError listing every problem found, one `<input-name>: …` line each (a value that
 *   came from the config file says so).
 */
function readConfig(read, ctx, file) {
    const schema = configSchema(ctx);
    const { raw, fromFile } = readRawInputs(read, Object.keys(schema.in.shape), file);
    const result = schema.safeParse(raw);
    if (result.success)
        return result.data;
    const secrets = [raw.apiToken, raw.githubToken, raw.configToken].filter(secret => secret !== undefined);
    const source = (field) => file !== undefined && fromFile.has(field) ? ` (from config-file ${file.label})` : '';
    throw new inputs_errors/* ConfigError */.xL(result.error.issues.map(issue => describeIssue(issue, secrets, source)));
}
/** An input as the workflow gives it: trimmed, '' when unset or an unexpanded expression. */
function workflowInput(read, name) {
    const value = read(name).trim();
    return UNEXPANDED_EXPRESSION.test(value) ? '' : value;
}
/**
 * An expression the runner did not expand (`${{ github.token }}` passed literally by a local
 * runner or a composite action's wiring) carries no value: treat it as unset.
 */
const UNEXPANDED_EXPRESSION = /^\$\{\{[^}]*\}\}$/;
/**
 * Empty inputs are left out, so the schema's defaults apply (like dependency-review's
 * getOptionalInput); an input the workflow leaves empty takes the config file's value.
 */
function readRawInputs(read, fields, file) {
    const raw = {};
    const fromFile = new Set();
    for (const field of fields) {
        const name = inputName(field);
        const value = workflowInput(read, name);
        const filed = file?.values.get(name) ?? '';
        if (value !== '')
            raw[field] = value;
        else if (filed !== '') {
            raw[field] = filed;
            fromFile.add(field);
        }
    }
    return { raw, fromFile };
}
/** `failOnSeverity` → `fail-on-severity`. */
function inputName(field) {
    return field.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);
}
function describeIssue(issue, secrets, source) {
    const field = String(issue.path[0] ?? 'inputs');
    const name = `${inputName(field)}${source(field)}`;
    // Our parsers word custom issues, and invalid_type only means a required input is missing (its
    // message is set per field); any other kind would be a bug here, not a user mistake.
    if (issue.code !== 'custom' && issue.code !== 'invalid_type')
        return `${name}: is not valid`;
    const received = issue.code === 'custom' ? issue.params?.received : undefined;
    const shown = typeof received === 'string' && !(0,echo/* revealsSecret */.Z2)(received, secrets)
        ? ` ${(0,echo/* gotClause */.MV)(received)}`
        : '';
    return `${name}: ${issue.message}${shown}`;
}

;// CONCATENATED MODULE: ./src/collect/config-source.ts
/**
 * Reading the config file (`config-file`) before anything else, and the inputs with it. A
 * workspace path is read in the workspace, except on a pull request: there the checkout is the
 * pull request's own tree, so the file is read at its base commit (as the ignore file is), and a
 * pull request cannot loosen the policy it is judged by. `OWNER/REPO/PATH@REF` is read from that
 * repository through the contents API with config-token.
 *
 * Nothing is sent to the findings API before this has finished; a file that cannot be read or is
 * wrong stops the run as bad inputs do, never falling back to the defaults unsaid.
 */




/** How long the file's one request may take when the workflow sets no timeout-seconds. */
const DEFAULT_TIMEOUT_SECONDS = 30;
/**
 * The run's configuration: the workflow's inputs over the config file's, over the defaults.
 * @throws ConfigError for bad inputs, a config file that cannot be read, or a wrong one.
 */
async function loadConfig(read, ctx, runner) {
    const raw = workflowInput(read, 'config-file');
    if (raw === '')
        return readConfig(read, ctx);
    let location;
    try {
        location = configFileLocation(raw);
    }
    catch (error) {
        // The schema words it, with the other inputs' problems.
        if (error instanceof inputs_errors/* InputValueError */.uH)
            return readConfig(read, ctx);
        throw error;
    }
    const file = await readConfigFile(location, read, ctx, runner);
    const config = readConfig(read, ctx, file);
    runner.info(settingsNote(file, read));
    return config;
}
/** Which settings the file gave, and which of them the workflow overrides. */
function settingsNote(file, read) {
    const keys = [...file.values.keys()];
    const overridden = keys.filter(key => workflowInput(read, key) !== '');
    const set = keys.length === 0 ? 'sets nothing' : `sets ${keys.join(', ')}`;
    const over = overridden.length === 0 ? '' : `; the workflow overrides ${overridden.join(', ')}`;
    return `config-file ${file.label} ${set}${over}`;
}
async function readConfigFile(location, read, ctx, runner) {
    if (location.kind === 'repository')
        return readFromRepository(location, read, ctx);
    if (!(0,pull_request/* readsIgnoreFileAtBase */.Me)(ctx.eventName)) {
        return parseConfigFile(await config_source_readWorkspaceFile(location.path), location.path);
    }
    return readAtBase(location.path, read, ctx, runner);
}
function fileProblem(file, detail) {
    return new inputs_errors/* ConfigError */.xL([`config-file ${file}: ${detail}`]);
}
async function config_source_readWorkspaceFile(path) {
    try {
        return await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        const code = error.code ?? 'unreadable';
        throw fileProblem(path, `cannot be read (${code})`);
    }
}
/** The workflow's timeout-seconds when it parses, else the default. */
function timeoutMs(read) {
    const raw = workflowInput(read, 'timeout-seconds');
    const seconds = /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 600 ? Number(raw) : 0;
    return (seconds || DEFAULT_TIMEOUT_SECONDS) * 1000;
}
async function readFromRepository(location, read, ctx) {
    const label = `${location.owner}/${location.repo}/${location.path}@${location.ref}`;
    const token = workflowInput(read, 'config-token') || workflowInput(read, 'github-token');
    if (token === '') {
        throw new inputs_errors/* ConfigError */.xL([
            `config-token: is required to read config-file ${label} (a token with contents: read on ${location.owner}/${location.repo}; github-token is used when it is empty)`
        ]);
    }
    const text = await fetchFile(label, {
        ...location,
        token,
        apiUrl: apiUrlOf(ctx),
        timeoutMs: timeoutMs(read)
    });
    if (text === undefined) {
        throw fileProblem(label, `GitHub answered 404: no such file at ${location.ref}, or config-token cannot read ${location.owner}/${location.repo}`);
    }
    return parseConfigFile(text, label);
}
async function readAtBase(path, read, ctx, runner) {
    const base = pullRequestBase(ctx);
    if (base === undefined) {
        throw fileProblem(path, `on ${ctx.eventName}, the event payload has no pull_request.base.sha, so the file cannot be read at the pull request's base commit`);
    }
    const token = workflowInput(read, 'github-token');
    if (token === '') {
        throw new inputs_errors/* ConfigError */.xL([
            `github-token: is required when config-file is set on ${ctx.eventName}: the config file is read at the pull request's base commit through the GitHub API, so a pull request cannot loosen its own policy (use \${{ github.token }}, with contents: read)`
        ]);
    }
    const inRepository = repositoryPath(path, ctx);
    if (inRepository === undefined) {
        throw fileProblem(path, "is outside the workspace, so it cannot be read at the pull request's base commit; give a path inside the repository, or OWNER/REPO/PATH@REF");
    }
    const label = `${path} (at base commit ${base.sha.slice(0, 12)})`;
    const text = await fetchFile(label, {
        owner: base.owner,
        repo: base.repo,
        path: inRepository,
        ref: base.sha,
        token,
        apiUrl: apiUrlOf(ctx),
        timeoutMs: timeoutMs(read)
    });
    if (text === undefined) {
        runner.warning(`config-file ${path} does not exist at the base commit ${base.sha}: this run uses the workflow's inputs and the defaults; the pull request's copy applies once merged`);
        return { label, values: new Map() };
    }
    return parseConfigFile(text, label);
}
function apiUrlOf(ctx) {
    return ctx.env.GITHUB_API_URL ?? 'https://api.github.com';
}
/** The file's text, undefined for a 404; any other failure stops the run, naming the token. */
async function fetchFile(label, request) {
    try {
        return await readRepositoryFile(request);
    }
    catch (error) {
        if (!(error instanceof ContentsError))
            throw error;
        const hint = error.status === 401 || error.status === 403
            ? '; the token needs the contents: read permission on that repository'
            : '';
        throw fileProblem(label, `could not be read (GET ${error.route}: ${error.detail}${hint}), so the policy is unknown and nothing was judged`);
    }
}

;// CONCATENATED MODULE: ./src/report/effects-report.ts
function sbomReport(sbom) {
    // The project count is what a deployment-wide (or sharded) run wants to see at a glance.
    return sbom.scope === 'deployment'
        ? { exports: sbom.exports, projects: sbom.exports.length }
        : { exports: sbom.exports };
}
/** The report's view of what tickets, tags and SBOM exports did. */
function effectsReport(outcomes) {
    return {
        ...(outcomes.tickets ? { tickets: outcomes.tickets } : {}),
        ...(outcomes.tags ? { tags: outcomes.tags } : {}),
        ...(outcomes.sbom ? { sbom: sbomReport(outcomes.sbom) } : {})
    };
}

// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
;// CONCATENATED MODULE: ./src/api/scans.ts



const STATUS_OF_WIRE = {
    SCAN_STATUS_PENDING: 'pending',
    SCAN_STATUS_RUNNING: 'running',
    SCAN_STATUS_COMPLETED: 'completed',
    SCAN_STATUS_ERROR: 'error',
    SCAN_STATUS_CANCELLED: 'cancelled',
    SCAN_STATUS_NEVER_FINISHED: 'never_finished'
};
/**
 * The counts only size the findings requests, never the verdict: a count that cannot be read is
 * no count, not a failed run. int64 values come as strings (the OpenAPI) or numbers.
 */
const count = wire/* numericId */.Vi.nullish().catch(undefined);
const FindingsCountsWire = schemas/* object */.Ikc({ code: count, supply_chain: count, secrets: count })
    .nullish()
    .catch(undefined);
function toFindingsCounts(wire) {
    if (!wire)
        return undefined;
    const counts = {
        ...(wire.code != null ? { sast: wire.code } : {}),
        ...(wire.supply_chain != null ? { sca: wire.supply_chain } : {}),
        ...(wire.secrets != null ? { secrets: wire.secrets } : {})
    };
    return Object.keys(counts).length > 0 ? counts : undefined;
}
/** Strict on what the evidence rests on (which commit, which ref, which status), lenient elsewhere. */
const ScanWire = schemas/* object */.Ikc({
    id: wire/* stringId */.HL,
    repository_id: wire/* stringId */.HL,
    branch: schemas/* string */.YjP(),
    commit: schemas/* string */.YjP().min(1),
    status: schemas/* string */.YjP(),
    is_full_scan: schemas/* boolean */.zMY().nullish(),
    started_at: wire/* timestamp */.vE.nullish(),
    completed_at: wire/* timestamp */.vE.nullish(),
    enabled_products: schemas/* array */.YOg(schemas/* string */.YjP()).nullish(),
    findings_counts: FindingsCountsWire
});
const SearchResponse = schemas/* object */.Ikc({
    scans: schemas/* array */.YOg(ScanWire),
    cursor: wire/* optionalString */.sx
});
function toScan(wire) {
    return {
        id: wire.id,
        repositoryId: wire.repository_id,
        branch: wire.branch,
        commit: wire.commit.toLowerCase(),
        status: STATUS_OF_WIRE[wire.status] ?? 'unknown',
        statusText: wire.status,
        fullScan: wire.is_full_scan ?? undefined,
        startedAt: wire.started_at ?? undefined,
        completedAt: wire.completed_at ?? undefined,
        enabledProducts: wire.enabled_products ?? undefined,
        findingsCounts: toFindingsCounts(wire.findings_counts)
    };
}
/** The documented maximum. */
const PAGE_LIMIT = 500;
function scansSearchPath(deploymentId) {
    return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/scans/search`;
}
function searchPage(transport, path, body, options = {}) {
    return transport.request({
        method: 'POST',
        path,
        // A search creates nothing: safe to retry.
        idempotent: true,
        body,
        ...options,
        schema: SearchResponse,
        hints: {
            401: 'check api-token; or set require-scan: none to gate without proving the scan',
            404: 'the scans search (beta) is not available to this token or deployment; set require-scan: none to gate without proving the scan',
            403: 'the token cannot search scans; give it Web API access, or set require-scan: none to gate without proving the scan'
        }
    });
}
/**
 * The repository's scans of the past 30 days (what the service keeps), newest first as the server
 * orders them, at most `maxPages` pages of 500: the evidence is among the newest.
 */
async function searchScans(transport, deploymentId, query, maxPages = 4) {
    const path = scansSearchPath(deploymentId);
    const request = { method: 'POST', path };
    const scans = [];
    const pages = (0,paginate/* cursorPages */.Xn)(async (cursor) => {
        const page = await searchPage(transport, path, {
            deployment_id: deploymentId,
            repository_id: Number(query.repositoryId),
            ...(query.branch !== undefined ? { branch: query.branch } : {}),
            limit: PAGE_LIMIT,
            ...(cursor !== undefined ? { cursor } : {})
        });
        return {
            items: page.scans.map(toScan),
            next: page.cursor ?? undefined,
            hasMore: page.scans.length < PAGE_LIMIT ? false : undefined
        };
    }, { maxPages: maxPages + 1, request });
    // The evidence is among the newest scans; older pages do not change it.
    let read = 0;
    for await (const page of pages) {
        scans.push(...page);
        if (++read >= maxPages)
            break;
    }
    return scans;
}
/** How many of the deployment's newest scans of a branch {@link newestScansOfBranch} reads. */
const NEWEST_SCANS_LIMIT = 100;
/**
 * One page of the deployment's newest scans of `branch` (as the scanner spells it), of every
 * repository: what a search can return before the repository's id is known. A 429 or 503 is
 * thrown at once rather than waited out (`rateLimit: 'caller'`); `signal` cancels the search and
 * any retry still to come.
 */
async function newestScansOfBranch(transport, deploymentId, branch, options = {}) {
    const body = { deployment_id: deploymentId, branch, limit: NEWEST_SCANS_LIMIT };
    const page = await searchPage(transport, scansSearchPath(deploymentId), body, options);
    return page.scans.map(toScan);
}

;// CONCATENATED MODULE: ./src/evidence/scan-judge.ts
const BRANCH_PREFIX = 'refs/heads/';
/**
 * The spellings a scanner may have recorded for `ref`, the given one first: GitHub Actions records
 * `refs/heads/main`, the CLI elsewhere and GitLab CI record `main`. Pull request and tag refs have
 * one spelling.
 */
function branchSpellings(ref) {
    if (ref.startsWith(BRANCH_PREFIX))
        return [ref, ref.slice(BRANCH_PREFIX.length)];
    if (ref.startsWith('refs/'))
        return [ref];
    return [ref, `${BRANCH_PREFIX}${ref}`];
}
/** A full or abbreviated sha names the scan's commit. */
function sameCommit(scan, commit) {
    return scan.commit.startsWith(commit.toLowerCase());
}
function finishedAt(scan) {
    return scan.completedAt ?? scan.startedAt ?? 0;
}
function newestFirst(a, b) {
    return finishedAt(b) - finishedAt(a) || Number(b.id) - Number(a.id);
}
/** The completed scan whose findings the ref shows now. */
function newestCompleted(scans) {
    return scans.filter(scan => scan.status === 'completed').sort(newestFirst)[0];
}
/** The newest scan of any status, for messages. */
function newestScan(scans) {
    return [...scans].sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0))[0];
}
const IN_PROGRESS = new Set(['pending', 'running']);
function judgeScans(found, requirement) {
    return requirement.mode === 'ref' ? judgeRef(found) : judgeCommit(found, requirement.commit);
}
function judgeRef(found) {
    for (const [branch, scans] of found) {
        const scan = newestCompleted(scans);
        if (scan)
            return { kind: 'proven', scan, branch };
    }
    return { kind: 'missing' };
}
function judgeCommit(found, commit) {
    for (const [branch, scans] of found) {
        const scan = newestCompleted(scans.filter(each => sameCommit(each, commit)));
        if (!scan)
            continue;
        const head = newestCompleted(scans);
        if (head && !sameCommit(head, commit) && finishedAt(head) > finishedAt(scan)) {
            return { kind: 'superseded', scan, newer: head };
        }
        return { kind: 'proven', scan, branch };
    }
    const ofCommit = [...found.values()].flat().filter(scan => sameCommit(scan, commit));
    const inProgress = newestScan(ofCommit.filter(scan => IN_PROGRESS.has(scan.status)));
    if (inProgress)
        return { kind: 'wait', scan: inProgress };
    const ended = newestScan(ofCommit);
    return ended ? { kind: 'failed', scan: ended } : { kind: 'wait' };
}

;// CONCATENATED MODULE: ./src/evidence/prove-scan.ts



const realClock = {
    now: () => Date.now(),
    sleep: ms => new Promise(resolve => setTimeout(resolve, ms))
};
/** A few seconds at first, as a scan job that `needs:` allows is usually done; then about 30 s. */
const FIRST_WAIT_MS = 2_000;
const WAIT_GROWTH = 1.5;
const MAX_WAIT_MS = 30_000;
async function proveScan(source, requirement, options, clock = realClock) {
    const spellings = branchSpellings(requirement.ref);
    const started = clock.now();
    const deadline = started + options.timeoutSeconds * 1000;
    let delay = FIRST_WAIT_MS;
    for (;;) {
        const { found, judgement } = await look(source, spellings, requirement);
        const waited = Math.round((clock.now() - started) / 1000);
        if (judgement.kind === 'proven') {
            return {
                mode: requirement.mode,
                scan: judgement.scan,
                branch: judgement.branch,
                requestedRef: requirement.ref,
                waitedSeconds: waited,
                ...(judgement.scan.completedAt !== undefined && {
                    ageSeconds: Math.max(0, Math.round((clock.now() - judgement.scan.completedAt) / 1000))
                })
            };
        }
        const remaining = deadline - clock.now();
        if (judgement.kind !== 'wait' || requirement.mode !== 'commit' || remaining <= 0) {
            throw new src_errors/* NoVerdictError */.L(await missingMessage(judgement, found, requirement, options, source, waited, clock.now()), 'on-missing-scan');
        }
        const pause = Math.min(delay, remaining);
        options.log(`Waiting for the scan of commit ${prove_scan_short(requirement.commit)} on ${requirement.ref}: ${judgement.scan
            ? `scan ${judgement.scan.id} is ${judgement.scan.statusText}`
            : 'no scan of it is recorded yet'}; next look in ${Math.ceil(pause / 1000)} s (${waited} s of ${options.timeoutSeconds} s waited)`);
        await clock.sleep(pause);
        delay = Math.min(delay * WAIT_GROWTH, MAX_WAIT_MS);
    }
}
/**
 * The scans of the ref as given, and only when it has no scan of the commit at all, of its other
 * spellings: a look costs one search unless the scanner spelled the ref otherwise.
 */
async function look(source, spellings, requirement) {
    const [first, ...others] = spellings;
    const found = new Map();
    if (first !== undefined)
        found.set(first, await source.scansOf(first));
    const judgement = judgeScans(found, requirement);
    // Only a spelling without any scan of the commit (or of the ref) sends us to the others.
    const nothingHere = judgement.kind === 'missing' || (judgement.kind === 'wait' && judgement.scan === undefined);
    if (!nothingHere || others.length === 0)
        return { found, judgement };
    const rest = await Promise.all(others.map(async (branch) => [branch, await source.scansOf(branch)]));
    for (const [branch, scans] of rest)
        found.set(branch, scans);
    return { found, judgement: judgeScans(found, requirement) };
}
async function missingMessage(judgement, found, requirement, options, source, waited, now) {
    const where = `${requirement.ref} of ${options.repository}`;
    if (judgement.kind === 'failed') {
        const { scan } = judgement;
        return `scan ${scan.id} of commit ${prove_scan_short(scan.commit)} on ${scan.branch} ended ${scan.statusText}, so there are no findings of this commit to judge; re-run the scan (or set on-missing-scan: warn)`;
    }
    if (judgement.kind === 'superseded') {
        const { scan, newer } = judgement;
        return `the findings of ${scan.branch} are now those of scan ${newer.id} of commit ${prove_scan_short(newer.commit)} (${ago(newer, now)}), which completed after scan ${scan.id} of the gated commit ${prove_scan_short(scan.commit)}: a newer push superseded this run; re-run it for the newest commit, or gate on the ref with require-scan: ref`;
    }
    const seen = await newestSeen(found, source, now);
    if (requirement.mode === 'ref') {
        return `no completed scan of ${where} in the past 30 days; ${seen}; check that a scan runs for this ref, or set require-scan: none`;
    }
    const pending = judgement.kind === 'wait' ? judgement.scan : undefined;
    const still = pending ? `; scan ${pending.id} of it is still ${pending.statusText}` : '';
    const waitedText = waited > 0 ? ` after waiting ${waited} s` : '';
    return `no completed scan of commit ${prove_scan_short(requirement.commit)} on ${where}${waitedText}${still}; ${seen}. Check that a scan runs on this event and that this job waits for it (needs: on the scan job); for managed scans raise scan-wait-timeout-seconds; or set require-scan: ref or none`;
}
/** The newest scan of the ref, or else which branches the repository's scans do record. */
async function newestSeen(found, source, now) {
    const newest = newestScan([...found.values()].flat());
    if (newest) {
        return `the newest scan of ${newest.branch} is scan ${newest.id} of commit ${prove_scan_short(newest.commit)} (${newest.statusText}, ${ago(newest, now)})`;
    }
    const spellings = [...found.keys()].join(' or ');
    const branches = await source.recentBranches();
    return branches.length === 0
        ? `the repository has no scan of ${spellings}, nor of any other branch, in the past 30 days`
        : `the repository has no scan of ${spellings}; its recent scans record ${branches
            .slice(0, 8)
            .map(branch => `"${branch}"`)
            .join(', ')}`;
}
function prove_scan_short(commit) {
    return commit.slice(0, 7);
}
/** `started 3 min ago` / `completed 2 h ago`. */
function ago(scan, now) {
    const at = scan.completedAt ?? scan.startedAt;
    if (at === undefined)
        return 'time unknown';
    return `${scan.completedAt !== undefined ? 'completed' : 'started'} ${(0,time_duration/* formatDuration */.a3)(now - at)} ago`;
}

;// CONCATENATED MODULE: ./src/evidence/evidence.ts
/**
 * The evidence stage: which scan the findings come from, proven through the scans search before
 * the gate judges anything.
 */





function requirementOf(config) {
    if (config.requireScan === 'ref')
        return { mode: 'ref', ref: config.ref };
    if (config.requireScan === 'commit' && config.commit !== undefined) {
        return { mode: 'commit', ref: config.ref, commit: config.commit };
    }
    return undefined;
}
function scanSource(transport, deploymentId, repositoryId) {
    return {
        scansOf: branch => searchScans(transport, deploymentId, { repositoryId, branch }),
        recentBranches: async () => {
            const scans = await searchScans(transport, deploymentId, { repositoryId }, 1);
            return [...new Set(scans.map(scan => scan.branch))];
        }
    };
}
/**
 * The scan the findings of the configured ref come from, or undefined with `require-scan: none`.
 * @throws NoVerdictError when it cannot be proven; API errors as they come.
 */
async function proveEvidence(transport, deployment, project, config, log, clock = realClock) {
    if (config.requireScan === 'none')
        return undefined;
    const requirement = requirementOf(config);
    // The inputs guarantee both; should they not, nothing is judged unproven.
    if (requirement === undefined || project === undefined) {
        throw new src_errors/* NoVerdictError */.L(`require-scan is ${config.requireScan}, but the ${requirement === undefined ? 'commit' : 'project'} whose scan to prove is unknown`, 'on-missing-scan');
    }
    let repositoryId;
    try {
        repositoryId = String((await project).id);
    }
    catch (error) {
        // A repository that is no project has never been scanned: no scan to prove.
        if (error instanceof ProjectNotFoundError) {
            throw new src_errors/* NoVerdictError */.L(error.message, 'on-missing-scan');
        }
        throw error;
    }
    const { id } = await deployment;
    const evidence = await proveScan(scanSource(transport, id, repositoryId), requirement, { repository: config.repository, timeoutSeconds: config.scanWaitTimeoutSeconds, log }, clock);
    const { scan } = evidence;
    const age = evidence.ageSeconds === undefined
        ? ''
        : `, completed ${(0,time_duration/* formatDuration */.a3)(evidence.ageSeconds * 1000)} ago`;
    log(`Judging the findings of scan ${scan.id} of commit ${scan.commit.slice(0, 7)} on ${scan.branch} (${scan.statusText}${age})`);
    if (evidence.branch !== evidence.requestedRef) {
        log(`No scan of ${config.repository} records ${evidence.requestedRef}, but its scans record "${evidence.branch}" (scans run outside GitHub Actions spell the branch bare): judging the findings of "${evidence.branch}"`);
    }
    return evidence;
}

;// CONCATENATED MODULE: ./src/evidence/products.ts

/**
 * The config to judge with. The scan's products unknown (not in the answer), or secrets not
 * asked for: unchanged. The scan did not run Secrets: with secrets only from the default, a
 * warning and the other types; with secrets named, no verdict.
 * @throws NoVerdictError when the user named secrets and the scan did not run them.
 */
function judgeableTypes(config, evidence, warn) {
    const products = evidence?.scan.enabledProducts;
    if (!evidence || products === undefined || !config.issueTypes.includes('secrets'))
        return config;
    if (products.some(product => product.trim().toLowerCase() === 'secrets'))
        return config;
    const listed = products.map(product => product.slice(0, 40)).join(', ') || 'none';
    const message = `scan ${evidence.scan.id} of ${config.repository} did not run Secrets (its products: ${listed}), so the secrets listed for the ref are not from it`;
    if (!config.secretsOptional)
        throw new src_errors/* NoVerdictError */.L(message, 'on-missing-scan');
    warn(`Secrets were not judged: ${message}; the other types were judged`);
    return { ...config, issueTypes: config.issueTypes.filter(type => type !== 'secrets') };
}

;// CONCATENATED MODULE: ./src/evidence/early-count.ts
/**
 * The findings count of the scan a run judges, a round trip before the proof has it. The proof's
 * scans search is by repository id, which only the project gives, and the project lookup needs
 * the deployment's slug: a run that discovers its deployment from the token learns the count
 * three round trips in, and one with the slug set two. A search of the deployment's newest scans
 * of the ref needs only the deployment's id, so it goes out with the project lookup (at once,
 * when `deployment-slug` and `deployment-id` are set), and its answer is matched to the project
 * once that is in. The count only sizes the findings requests (docs/adr/0004): a miss, a failure
 * or the count of another scan costs requests, never findings or the verdict.
 */



/**
 * What sizes the findings requests: the proven scan's count, or the early one where that comes a
 * round trip sooner: the deployment discovered (the search goes out with the project lookup), or
 * its slug and id set (the search goes out at once, so the count comes one round trip in). With
 * only the slug set, the proof's own search is as early. With `since` no count is used
 * (docs/adr/0004), so none is asked for early.
 */
function expectedFindings(transport, deployment, project, config, proof) {
    const proven = proof.then(evidence => evidence?.scan.findingsCounts, () => undefined);
    const requirement = requirementOf(config);
    const alone = { counts: proven, extraRequests: 0 };
    if (config.since !== undefined || project === undefined || requirement === undefined)
        return alone;
    const searched = deploymentToSearch(config, deployment);
    if (searched === undefined)
        return alone;
    // Once the proof has settled, an early count is too late to matter: a search still out (or
    // waiting to be retried) must not keep the run from ending.
    const moot = new AbortController();
    void proven.then(() => moot.abort());
    const early = earlyFindingsCounts(transport, searched, project, requirement, moot.signal);
    return { counts: firstCount([early, proven]), extraRequests: 1 };
}
/**
 * The deployment the early search asks under, or undefined when it would come no sooner than the
 * proof's. With the slug set the project and the findings go out before the deployment is
 * checked, and so does this search under the set id: its answer only sizes requests, and a search
 * of a deployment the token cannot read is no count. Without the slug the search waits for the
 * deployment, as the project lookup does, so a wrong id is caught by the check before any other
 * request.
 */
function deploymentToSearch(config, deployment) {
    if (config.deploymentSlug === undefined)
        return deployment;
    return config.deploymentId === undefined
        ? undefined
        : Promise.resolve({ id: config.deploymentId });
}
/**
 * Never rejects: no count is an answer. A rate limit is not waited out: the proof's own search
 * waits, and its count serves as well.
 */
async function earlyFindingsCounts(transport, deployment, project, requirement, signal) {
    try {
        const { id } = await deployment;
        signal?.throwIfAborted();
        const search = newestScansOfBranch(transport, id, requirement.ref, {
            rateLimit: 'caller',
            ...(signal ? { signal } : {})
        });
        const [scans, { id: repositoryId }] = await Promise.all([search, project]);
        const ofProject = scans.filter(scan => scan.repositoryId === String(repositoryId) &&
            (requirement.mode === 'ref' || sameCommit(scan, requirement.commit)));
        // The page is newest first across repositories: the project's newest scan in it is its newest.
        return newestCompleted(ofProject)?.findingsCounts;
    }
    catch {
        return undefined;
    }
}
/** The first count any of `counts` gives; undefined once all have settled without one. */
function firstCount(counts) {
    return new Promise(resolve => {
        let pending = counts.length;
        if (pending === 0)
            resolve(undefined);
        for (const count of counts) {
            count.then(value => {
                if (value !== undefined)
                    resolve(value);
                else if (--pending === 0)
                    resolve(undefined);
            }, () => {
                if (--pending === 0)
                    resolve(undefined);
            });
        }
    });
}

;// CONCATENATED MODULE: ./src/evidence/early-findings.ts
/**
 * The scan's completion time comes from the server's clock, the send time from the runner's: a
 * scan counts as completed before the findings were asked for only with this much to spare.
 */
const CLOCK_SKEW_ALLOWANCE_MS = 60_000;
/** Starts `fetch` for `ref` now; a failure surfaces only if the data are used. */
function startEarly(ref, fetch, now = Date.now) {
    const sentAt = now();
    const controller = new AbortController();
    const data = fetch(ref, controller.signal);
    data.catch(() => undefined);
    return { ref, sentAt, data, discard: () => controller.abort() };
}
/**
 * Whether findings asked for at `sentAt` under `ref` are those of the proven scan. Without
 * evidence (`require-scan: none`) there is nothing to prove: they are those of the ref asked for.
 */
function earlyFindingsUsable(evidence, early) {
    if (evidence === undefined)
        return true;
    if (evidence.branch !== early.ref)
        return false;
    const completed = evidence.scan.completedAt;
    return completed !== undefined && completed + CLOCK_SKEW_ALLOWANCE_MS <= early.sentAt;
}
/**
 * The early findings when they are the proven scan's, else the findings fetched again now (the
 * early fetch is discarded).
 */
function findingsOfProvenScan(early, evidence, fetch) {
    if (earlyFindingsUsable(evidence, early))
        return early.data;
    early.discard();
    return fetch(evidence?.branch ?? early.ref);
}

// EXTERNAL MODULE: ./src/runner/core-runner.ts
var core_runner = __webpack_require__(5338);
// EXTERNAL MODULE: ./src/early-connections.ts
var early_connections = __webpack_require__(2828);
;// CONCATENATED MODULE: ./src/main.ts























const SOFTENER_FIELDS = {
    'on-missing-scan': 'onMissingScan',
    'on-api-error': 'onApiError'
};
/** Which input may turn this failure into a warning: API failures and unproven evidence only. */
function softenerOf(error) {
    if (error instanceof src_errors/* NoVerdictError */.L)
        return error.softenedBy;
    return (0,errors/* isClientError */._2)(error) ? 'on-api-error' : undefined;
}
/**
 * What a run needs only once its findings are in: the verdict, the actions and the reports. None
 * is needed before the first request, so they are loaded by import() once the first request is out,
 * and their parsing and evaluation overlap the network wait. Started with the requests instead, they
 * came first: the first request reached the server 28 ms later (medians of ten runs).
 */
const later = {
    gate: () => Promise.all([__webpack_require__.e(/* import() */ 80).then(__webpack_require__.bind(__webpack_require__, 8080)), Promise.all(/* import() */[__webpack_require__.e(6), __webpack_require__.e(286)]).then(__webpack_require__.bind(__webpack_require__, 3286))]),
    actions: () => Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(51)]).then(__webpack_require__.bind(__webpack_require__, 6432)),
    reports: () => __webpack_require__.e(/* import() */ 831).then(__webpack_require__.bind(__webpack_require__, 2831))
};
/** Starts loading every later module; each use awaits its own import (a failure surfaces there). */
function preloadLater() {
    for (const load of Object.values(later))
        load().catch(() => undefined);
}
function createTransport(config, runner, early) {
    return new transport/* Transport */.oK({
        // The inputs were read for them as they are now, so they go to this origin.
        http: early?.origin === new URL(config.baseUrl).origin ? early.client : undefined,
        baseUrl: config.baseUrl,
        token: config.apiToken,
        timeoutMs: config.timeoutSeconds * 1000,
        retry: (0,retry/* defaultRetryPolicy */.ur)(config.maxRetries),
        userAgent: `findings-gate/${version/* VERSION */.x}`,
        onRetry: event => runner.info(`${event.request.method} ${event.request.path}: ${event.reason}; retry ${event.retry} of ${event.retries} in ${(event.delayMs / 1000).toFixed(1)} s`)
    });
}
/** The run evaluates findings: for the gate, or for the tickets, which need them even without it. */
function readsFindings(config) {
    return config.gate || config.createTickets;
}
function needsProject(config) {
    return ((readsFindings(config) && config.requireScan !== 'none') ||
        (config.gate && config.denyLicenses.length > 0) ||
        config.projectTags.length > 0 ||
        (config.sbomExport && config.sbomScope === 'repository'));
}
async function evaluate(config, transport, ignores, now, warn, runner) {
    // Opened ahead (here, if not before the action loaded), so they are ready when the findings
    // requests need them.
    if (readsFindings(config))
        transport.preconnect(early_connections/* FINDINGS_PRECONNECT */.F);
    const deployment = resolveDeployment(transport, {
        slug: config.deploymentSlug,
        id: config.deploymentId
    });
    // Settled by every path below; a rejection must not surface twice as unhandled.
    deployment.catch(() => undefined);
    // Only the findings wait on it: an export-only run has nothing to gain from the note.
    if (config.deploymentSlug === undefined && readsFindings(config)) {
        deployment.then(found => runner.info(discoveredNote(found)), () => undefined);
    }
    const project = needsProject(config)
        ? lookUpProject(transport, deployment, {
            slug: config.deploymentSlug,
            repository: config.repository
        })
        : undefined;
    project?.catch(() => undefined);
    // Tickets need evaluated findings even when the gate itself is off.
    let verdict;
    let evidence;
    let gateError;
    if (readsFindings(config)) {
        try {
            const proof = proveEvidence(transport, deployment, project, config, message => runner.info(message));
            proof.catch(() => undefined);
            // What the scan found only sizes the findings requests; no count, no sizing.
            const expected = expectedFindings(transport, deployment, project, config, proof);
            const speculationLimit = FINDINGS_SPECULATION - expected.extraRequests;
            // The findings are asked for while the scan is proven, and kept only if they are its own.
            const fetch = (scoped, signal) => collectGateData(transport, deployment, scoped, project, {
                warn,
                signal,
                expected: expected.counts,
                speculationLimit
            });
            const early = startEarly(config.ref, (ref, signal) => fetch({ ...config, ref }, signal));
            evidence = await proof;
            // The findings are those of the ref as the proven scan spells it.
            const scoped = judgeableTypes(evidence ? { ...config, ref: evidence.branch } : config, evidence, warn);
            // Early findings of other types (secrets left out for a scan without them) are not these.
            const data = scoped.issueTypes.length === config.issueTypes.length
                ? findingsOfProvenScan(early, evidence, ref => fetch({ ...scoped, ref }))
                : (early.discard(), fetch(scoped));
            verdict = await evaluateGate(scoped, data, ignores, now, warn);
        }
        catch (error) {
            // Findings requests start before the slug is checked; whichever answers first, a wrong
            // deployment is reported as such.
            await deployment;
            gateError = error;
        }
    }
    const resolved = await deployment;
    const { runEffects } = await later.actions();
    const actions = await runEffects({
        config,
        transport,
        deployment: resolved,
        project,
        verdict,
        warn,
        runner
    });
    return {
        deployment: resolved,
        evidence,
        verdict: config.gate ? verdict : undefined,
        actions,
        gateError
    };
}
async function evaluateGate(config, gateData, ignores, now, warn) {
    const data = await gateData;
    const [{ decide }, { buildIgnoreMatcher }] = await later.gate();
    // Throws NoVerdictError when every finding the server returned was out of scope.
    const dropWarning = judgeScopeDrops(data.dropped, data.findings.length);
    if (dropWarning !== undefined)
        warn(dropWarning);
    const { entries, proposed } = await ignores.applied;
    const matcher = buildIgnoreMatcher(entries, config.ignoreRules, now);
    for (const expired of matcher.expired) {
        warn(`Ignore entry "${expired.description}" expired on ${expired.expires} and no longer applies`);
    }
    const verdict = decide({
        findings: data.findings,
        thresholds: config,
        modeOf: modeLookup(data.ruleModes),
        ignoreOf: matcher.match,
        licenseViolations: data.licenseViolations,
        expiredIgnores: matcher.expired,
        proposedIgnores: proposed
    });
    const unknownModes = unknownModeWarning(verdict);
    if (unknownModes !== undefined)
        warn(unknownModes);
    return verdict;
}
function evidenceOf(config, evaluation) {
    if (!readsFindings(config))
        return {};
    if (config.requireScan === 'none')
        return { evidence: { required: 'none' } };
    const proven = evaluation.evidence;
    if (!proven)
        return {};
    const { scan } = proven;
    const iso = (ms) => ms === undefined ? undefined : new Date(ms).toISOString();
    return {
        evidence: {
            required: proven.mode,
            scan: {
                id: scan.id,
                commit: scan.commit,
                branch: scan.branch,
                status: scan.statusText,
                fullScan: scan.fullScan,
                startedAt: iso(scan.startedAt),
                completedAt: iso(scan.completedAt)
            },
            requestedRef: proven.requestedRef,
            waitedSeconds: proven.waitedSeconds,
            ageSeconds: proven.ageSeconds
        }
    };
}
function buildReport(config, evaluation, warnings, ctx) {
    const { verdict, apiError } = evaluation;
    const result = apiError !== undefined || !verdict ? 'skipped' : verdict.result;
    const headline = apiError !== undefined
        ? `No verdict: ${apiError}`
        : verdict
            ? verdictHeadline(verdict)
            : 'Gate skipped: gate is false; only the configured actions ran';
    const runUrl = ctx.env.GITHUB_SERVER_URL && ctx.env.GITHUB_REPOSITORY && ctx.env.GITHUB_RUN_ID
        ? `${ctx.env.GITHUB_SERVER_URL}/${ctx.env.GITHUB_REPOSITORY}/actions/runs/${ctx.env.GITHUB_RUN_ID}`
        : undefined;
    return {
        version: 1,
        status: { result, headline, ...(apiError !== undefined ? { apiError: true } : {}) },
        scope: {
            deployment: evaluation.deployment,
            repository: config.repository,
            ref: config.ref,
            ...(config.since !== undefined ? { since: new Date(config.since * 1000).toISOString() } : {}),
            issueTypes: config.issueTypes,
            findingStatus: config.status
        },
        thresholds: {
            failOnSeverity: config.failOnSeverity,
            failOnPolicyMode: config.failOnPolicyMode,
            failOnExposures: config.failOnExposures,
            failOnMalicious: config.failOnMalicious,
            failOnSecrets: config.failOnSecrets,
            denyLicenses: config.denyLicenses,
            warnOnly: config.warnOnly
        },
        ...evidenceOf(config, evaluation),
        ...(verdict ? { verdict } : {}),
        ...(evaluation.actions ? effectsReport(evaluation.actions.outcomes) : {}),
        warnings,
        ...(runUrl ? { runUrl } : {})
    };
}
/**
 * Runs the action. Never throws: every failure ends in one clear `setFailed` line. `early` are the
 * connections opened before the action loaded; the run uses them or closes them.
 */
async function run(ctx = defaultRunContext(), runner = core_runner/* coreRunner */.s, early) {
    try {
        await runWith(ctx, runner, early);
    }
    finally {
        // Unused (the inputs failed, or named another origin): closed, not left to their idle expiry.
        // A transport that took them has closed them already; closing again does nothing.
        await early?.client.close();
    }
}
async function runWith(ctx, runner, early) {
    const token = runner.getInput('api-token');
    if (token !== '')
        runner.setSecret(token);
    if (token === '' && (0,pull_request/* forkPullRequest */.xP)(ctx)) {
        runner.warning('No api-token: this is a pull request from a fork, which gets no secrets. The gate was skipped.');
        runner.setOutput('result', 'skipped');
        return;
    }
    let config;
    let ignores;
    try {
        config = await loadConfig(name => runner.getInput(name), ctx, runner);
        ignores = await loadIgnoreSource(config, ctx, runner);
    }
    catch (error) {
        // Before any request only the inputs and the ignore file can be wrong.
        if (error instanceof src_errors/* UserError */.y) {
            runner.setFailed(`Invalid inputs, nothing was sent:\n${error.message}`);
            return;
        }
        runner.setFailed(`Findings Gate failed before any request: ${(0,error_text/* errorText */.k)(error)}`);
        return;
    }
    const warnings = [];
    const warn = (message) => {
        warnings.push(message);
        runner.warning(message);
    };
    const transport = createTransport(config, runner, early);
    let evaluation;
    let fatal;
    const failed = (error) => {
        const message = (0,error_text/* errorText */.k)(error);
        const softener = softenerOf(error);
        if (softener !== undefined && config[SOFTENER_FIELDS[softener]] === 'warn') {
            warn(`No verdict (${softener}: warn, the step passes): ${message}`);
        }
        else {
            fatal =
                error instanceof src_errors/* UserError */.y
                    ? `No verdict: ${message}`
                    : `Findings Gate failed unexpectedly: ${message}`;
        }
        return { apiError: message };
    };
    try {
        const evaluating = evaluate(config, transport, ignores, ctx.now, warn, runner);
        // On the turn after: the requests whose connections opened with the first one go out first.
        void transport.firstRequestSent.then(() => setImmediate(() => {
            preloadLater();
            runner.preload();
        }));
        const outcome = await evaluating;
        evaluation =
            outcome.gateError === undefined ? outcome : { ...outcome, ...failed(outcome.gateError) };
    }
    catch (error) {
        evaluation = failed(error);
    }
    finally {
        await transport.close();
    }
    const report = buildReport(config, evaluation, warnings, ctx);
    const { publishReports } = await later.reports();
    await publishReports(report, config, ctx, runner);
    // Each failure gets its own line: a gate that could not run, an action that did not complete.
    if (fatal !== undefined)
        runner.setFailed(fatal);
    if (evaluation.actions?.failure)
        runner.setFailed(evaluation.actions.failure);
    if (fatal !== undefined)
        return;
    const { verdict } = evaluation;
    if (verdict?.result === 'failed') {
        const message = failureMessage(verdict);
        if (config.warnOnly)
            runner.warning(`Gate failed (warn-only, the step passes): ${message}`);
        else
            runner.setFailed(message);
    }
    else if (verdict) {
        runner.info(verdictHeadline(verdict));
    }
}


/***/ }),

/***/ 2061:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   lW: () => (/* binding */ parseDurationSeconds)
/* harmony export */ });
/* unused harmony export DURATION_UNIT_SECONDS */
/**
 * Relative durations such as `30m`, `12h`, `7d` and `2w`: one whole number and one unit letter.
 * Kept deliberately small: months and years have no fixed length, and an uppercase `M` would be
 * ambiguous (minutes or months), so only these four lowercase units exist.
 */
/** Seconds in one of each unit a duration may use. */
const DURATION_UNIT_SECONDS = { m: 60, h: 3_600, d: 86_400, w: 604_800 };
const DURATION = /^(\d+)([mhdw])$/;
function isDurationUnit(unit) {
    return Object.hasOwn(DURATION_UNIT_SECONDS, unit);
}
/**
 * The length of a duration like `7d`, in seconds; undefined when `raw` is not shaped like one.
 * The amount is not range-checked here (`0m` gives 0, a huge amount gives a huge number or
 * Infinity): what is acceptable depends on the caller.
 */
function parseDurationSeconds(raw) {
    const match = DURATION.exec(raw);
    if (match === null)
        return undefined;
    const [, amount = '', unit = ''] = match;
    return isDurationUnit(unit) ? Number(amount) * DURATION_UNIT_SECONDS[unit] : undefined;
}
/** A rough, readable length of time: `7 min`, `2 h`, `3 d` (for ages and waits in messages). */
function formatDuration(ms) {
    const minutes = Math.max(0, Math.round(ms / 60_000));
    if (minutes < 60)
        return `${minutes} min`;
    const hours = Math.round(minutes / 60);
    return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
}


/***/ }),

/***/ 254:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ abortableSleep),
/* harmony export */   P: () => (/* binding */ after)
/* harmony export */ });
/** A wait that ends early when `signal` aborts, so no timer keeps the process alive. */
function abortableSleep(ms, signal) {
    if (signal?.aborted)
        return Promise.resolve();
    return new Promise(resolve => {
        const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
    });
}
/** Calls `fire` after `ms`; the function returned cancels it. */
function after(ms, fire) {
    const timer = setTimeout(fire, ms);
    return () => clearTimeout(timer);
}


/***/ }),

/***/ 311:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ VERSION)
/* harmony export */ });
/** Kept equal to package.json's version by a test. */
const VERSION = '0.1.0';


/***/ })

};

//# sourceMappingURL=270.index.js.map