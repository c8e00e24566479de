export const id = 51;
export const ids = [51,43];
export const modules = {

/***/ 9043:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dispatcherFor: () => (/* binding */ dispatcherFor)
/* harmony export */ });
/* harmony import */ var _actions_http_client_lib_proxy__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9783);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4371);


/**
 * The connection pool for one origin. The proxy decision is the Actions toolkit's own
 * (`HTTPS_PROXY`/`HTTP_PROXY`, `NO_PROXY`, loopback never proxied), so this action behaves behind
 * a proxy exactly like the actions next to it. Extra CAs come from NODE_EXTRA_CA_CERTS, which
 * Node applies to every TLS connection, tunnelled or not.
 */
function dispatcherFor(origin) {
    const proxy = (0,_actions_http_client_lib_proxy__WEBPACK_IMPORTED_MODULE_0__/* .getProxyUrl */ .s)(origin);
    if (!proxy)
        return new undici__WEBPACK_IMPORTED_MODULE_1__.Agent();
    const user = decodeURIComponent(proxy.username);
    const password = decodeURIComponent(proxy.password);
    const credentials = user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
    // Credentials travel in Proxy-Authorization, never as part of the URL undici might log.
    const uri = new URL(proxy.href);
    uri.username = '';
    uri.password = '';
    return new undici__WEBPACK_IMPORTED_MODULE_1__.ProxyAgent({ uri: uri.href, ...(credentials ? { token: credentials } : {}) });
}


/***/ }),

/***/ 6432:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runEffects: () => (/* binding */ runEffects)
});

// EXTERNAL MODULE: ./src/api/projects.ts
var api_projects = __webpack_require__(6136);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(4371);
// EXTERNAL MODULE: ./src/api/dispatcher.ts
var dispatcher = __webpack_require__(9043);
// EXTERNAL MODULE: ./src/api/response-body.ts
var response_body = __webpack_require__(9374);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(8532);
// EXTERNAL MODULE: ./src/api/wire.ts
var wire = __webpack_require__(5847);
;// CONCATENATED MODULE: ./src/api/sbom.ts


const SBOM_FORMATS = {
    json: 'SBOM_OUTPUT_FORMAT_JSON',
    cyclonedx: 'SBOM_OUTPUT_FORMAT_CYCLONEDX'
};
function componentTypeWire(type) {
    return `SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_${type.toUpperCase()}`;
}
const CreateResponse = schemas/* object */.Ikc({ taskToken: schemas/* string */.YjP().min(1) });
const STATUS_VALUES = {
    SBOM_EXPORT_STATUS_IN_PROGRESS: 'in_progress',
    SBOM_EXPORT_STATUS_COMPLETED: 'completed',
    SBOM_EXPORT_STATUS_FAILED: 'failed'
};
const StatusResponse = schemas/* object */.Ikc({
    status: schemas/* string */.YjP().transform((raw, ctx) => {
        const status = STATUS_VALUES[raw];
        if (!status) {
            ctx.addIssue({
                code: 'custom',
                message: `expected an SBOM_EXPORT_STATUS_* value (got "${raw.slice(0, 60)}")`
            });
            return core/* NEVER */.tm;
        }
        return status;
    }),
    downloadUrl: wire/* optionalString */.sx,
    errorMessage: wire/* optionalString */.sx
});
function exportPath(deploymentId) {
    return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/sbom/export`;
}
function supplierWire(supplier) {
    if (!supplier)
        return undefined;
    return {
        ...(supplier.name ? { name: supplier.name } : {}),
        ...(supplier.url ? { url: supplier.url } : {}),
        ...(supplier.email ? { contact: { email: supplier.email } } : {})
    };
}
/**
 * Starts an export job and returns its task token. Never retried once the server may have acted
 * on it, like ticket creation: a retry after a timeout starts another export job on the server
 * (one per attempt and project), so a failed step is the better outcome.
 */
async function createSbomExport(transport, deploymentId, request, rateLimit = 'retry') {
    const supplier = supplierWire(request.supplier);
    const response = await transport.request({
        method: 'POST',
        path: exportPath(deploymentId),
        idempotent: false,
        rateLimit,
        body: {
            deploymentId,
            repositoryId: String(request.repositoryId),
            ...(request.ref ? { ref: request.ref } : {}),
            sbomOutputFormat: SBOM_FORMATS[request.format],
            metadataComponentType: componentTypeWire(request.componentType),
            ...(supplier ? { metadataSupplier: supplier } : {})
        },
        schema: CreateResponse
    });
    return response.taskToken;
}
async function getSbomExport(transport, deploymentId, taskToken, rateLimit = 'retry') {
    const response = await transport.request({
        method: 'GET',
        rateLimit,
        path: `${exportPath(deploymentId)}/${encodeURIComponent(taskToken)}`,
        schema: StatusResponse
    });
    return {
        status: response.status,
        downloadUrl: response.downloadUrl ?? undefined,
        errorMessage: response.errorMessage ?? undefined
    };
}

// EXTERNAL MODULE: ./src/api/transport.ts
var transport = __webpack_require__(3841);
// EXTERNAL MODULE: ./src/text/log-text.ts
var log_text = __webpack_require__(2489);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/text/error-text.ts
var error_text = __webpack_require__(6589);
;// CONCATENATED MODULE: ./src/effects/sbom-schedule.ts
/**
 * When to poll each outstanding SBOM export. Pure: times are numbers, the caller owns the clock.
 *
 * Each task backs off on its own (poll ages first·u, then doubling, intervals capped), with a
 * per-task phase u in [1, 2) from a low-discrepancy sequence: the tasks of a deployment together
 * sample every age, so the first completion is seen close to when it happened, not up to twice
 * as late. Exports of one deployment take similar times, so once one task has been seen completed
 * at age A, every other task is polled at its own age A instead of waiting for its next backoff
 * step, and one still running then is looked at again every tenth of A until 1.3 A: the whole
 * deployment finishes about one poll round trip after its exports do, with few polls per
 * project.
 */
const DEFAULT_POLL_TIMING = { firstMs: 2000, maxIntervalMs: 15_000 };
const GOLDEN = 0.6180339887498949;
/** A poll that missed at or past the learned duration looks again this share of it later, ... */
const STRAGGLER_STEP = 0.1;
const MIN_STRAGGLER_STEP_MS = 250;
/** ... until this multiple of it: at most three such polls per task. */
const STRAGGLER_WINDOW = 1.3;
/** Task `index`'s phase in [1, 2): evenly spread for any number of tasks. */
function pollPhase(index) {
    return 1 + ((index * GOLDEN) % 1);
}
/** The first age on task `index`'s own backoff that is later than `age`. */
function nextOwnAge(index, age, timing) {
    let next = timing.firstMs * pollPhase(index);
    while (next <= age)
        next += Math.min(next, timing.maxIntervalMs);
    return next;
}
class PollPlanner {
    timing;
    shortestDone;
    constructor(timing = DEFAULT_POLL_TIMING) {
        this.timing = timing;
    }
    /** The smallest age at which an export was seen completed so far, if any. */
    get learnedDurationMs() {
        return this.shortestDone;
    }
    /** A poll sent at `age` saw its export completed (a quick failure says nothing of the others). */
    completedAt(age) {
        if (this.shortestDone === undefined || age < this.shortestDone)
            this.shortestDone = age;
    }
    /**
     * The age of the next poll of task `index`, whose last poll was sent at `lastAge` (-1 before
     * the first): its own backoff step, or the learned duration when that comes first.
     */
    nextAge(index, lastAge) {
        const own = nextOwnAge(index, lastAge, this.timing);
        const learned = this.shortestDone;
        if (learned === undefined)
            return own;
        if (learned > lastAge)
            return Math.min(learned, own);
        // Polled at or past the learned duration and still running: most such exports were created
        // a moment after the one that taught it (the ages are the client's), so look again shortly,
        // for a while; past that window the export is not late but slow, and backs off as before.
        const soon = lastAge + Math.max(MIN_STRAGGLER_STEP_MS, learned * STRAGGLER_STEP);
        return soon <= learned * STRAGGLER_WINDOW ? Math.min(soon, own) : own;
    }
}

;// CONCATENATED MODULE: ./src/effects/sbom-pipeline.ts
/**
 * The deployment export as a pipeline: every project's export is started (a few at a time), one
 * loop polls all outstanding tasks on their own schedules (sbom-schedule.ts), and each SBOM is
 * downloaded as soon as its export completes. No project waits for another project's export.
 *
 * A 429 or 503 on a start or a poll pushes back the whole schedule by its Retry-After: the API
 * asked this client, not this task, to slow down. One project's failure is recorded and the
 * others go on (unless `failFast`, for a single repository, where the error is the outcome).
 */





const DEFAULT_LIMITS = {
    startsInFlight: 8,
    pollsInFlight: 10,
    downloadsInFlight: 8,
    pollGapMs: 5,
    progressEveryMs: 10_000,
    rateLimitFallbackMs: 5000,
    rateLimitMaxMs: 120_000
};
function ignore() { }
function rateLimited(error) {
    return error instanceof errors/* ApiError */.hD && transport/* RATE_LIMIT_STATUSES */.Kr.has(error.status);
}
/** At most `limit` of the given jobs at once. */
class Limiter {
    limit;
    active = 0;
    queue = [];
    constructor(limit) {
        this.limit = limit;
    }
    async run(job) {
        if (this.active >= this.limit)
            await new Promise(resolve => this.queue.push(resolve));
        this.active++;
        try {
            return await job();
        }
        finally {
            this.active--;
            this.queue.shift()?.();
        }
    }
}
class ExportPipeline {
    projects;
    ops;
    settings;
    clock;
    limits;
    results;
    planner;
    waiting = [];
    downloads = [];
    downloadLimiter;
    pollsInFlight = 0;
    startsDone = false;
    notBefore = 0;
    lastPollAt = Number.NEGATIVE_INFINITY;
    lastRateLimitLog = Number.NEGATIVE_INFINITY;
    nextProgressAt;
    begun;
    fatal;
    wakeUp = ignore;
    counts = { started: 0, completed: 0, failed: 0, polls: 0, rateLimited: 0 };
    constructor(projects, ops, settings, clock, limits) {
        this.projects = projects;
        this.ops = ops;
        this.settings = settings;
        this.clock = clock;
        this.limits = limits;
        this.results = new Array(projects.length);
        this.planner = new PollPlanner(limits.timing);
        this.downloadLimiter = new Limiter(limits.downloadsInFlight);
        this.begun = clock.now();
        this.nextProgressAt = this.begun + limits.progressEveryMs;
    }
    async run() {
        const polling = this.pollLoop();
        await this.startAll();
        this.startsDone = true;
        this.wakeUp();
        await polling;
        await Promise.all(this.downloads);
        if (this.fatal)
            throw this.fatal.error;
        if (this.settings.progress)
            this.log('done');
        return this.results.map((result, index) => result ?? {
            project: this.projects[index]?.name ?? '?',
            status: 'error',
            error: 'the export was abandoned after another error'
        });
    }
    // --- starting -------------------------------------------------------------------------------
    async startAll() {
        let next = 0;
        const worker = async () => {
            while (next < this.projects.length && !this.fatal) {
                const index = next++;
                await this.startOne(index);
            }
        };
        const workers = Math.min(this.limits.startsInFlight, this.projects.length);
        await Promise.all(Array.from({ length: workers }, worker));
    }
    async startOne(index) {
        const project = this.projects[index];
        let taskToken;
        for (let attempt = 0; taskToken === undefined; attempt++) {
            await this.untilAllowed();
            try {
                taskToken = await this.ops.start(project);
            }
            catch (error) {
                if (rateLimited(error) && attempt < this.settings.startRetries) {
                    this.slowDown(error);
                    continue;
                }
                this.fail(index, { project: project.name, status: 'error', error: (0,error_text/* errorText */.k)(error) }, error);
                return;
            }
        }
        this.counts.started++;
        if (!this.settings.progress)
            this.clock.info(`SBOM export of ${(0,log_text/* quoted */.TL)(project.name)} started (task ${(0,log_text/* quoted */.TL)(taskToken)})`);
        if (!this.settings.wait) {
            this.results[index] = { project: project.name, taskToken, status: 'started' };
            return;
        }
        const startedAt = this.clock.now();
        const task = {
            index,
            project,
            taskToken,
            startedAt,
            deadline: startedAt + this.settings.waitTimeoutSeconds * 1000,
            lastAge: -1,
            dueAt: 0
        };
        this.schedule(task);
    }
    /** Waits while a rate limit holds everything back. */
    async untilAllowed() {
        for (let now = this.clock.now(); now < this.notBefore; now = this.clock.now()) {
            await new Promise(resolve => this.clock.after(this.notBefore - now, resolve));
        }
    }
    // --- polling --------------------------------------------------------------------------------
    schedule(task) {
        const age = this.planner.nextAge(task.index, task.lastAge);
        task.dueAt = Math.min(task.startedAt + age, task.deadline);
        this.waiting.push(task);
        this.wakeUp();
    }
    earliest() {
        let best;
        for (const task of this.waiting)
            if (!best || task.dueAt < best.dueAt)
                best = task;
        if (!best)
            return undefined;
        return {
            task: best,
            at: Math.max(best.dueAt, this.notBefore, this.lastPollAt + this.limits.pollGapMs)
        };
    }
    async pollLoop() {
        for (;;) {
            if (this.fatal)
                return;
            if (this.startsDone && this.waiting.length === 0 && this.pollsInFlight === 0)
                return;
            const now = this.clock.now();
            if (this.settings.progress && now >= this.nextProgressAt) {
                this.log('progress');
                this.nextProgressAt = now + this.limits.progressEveryMs;
            }
            let wakeAt = this.settings.progress ? this.nextProgressAt : Number.POSITIVE_INFINITY;
            if (this.pollsInFlight < this.limits.pollsInFlight) {
                const due = this.earliest();
                if (due && due.at <= now) {
                    this.waiting.splice(this.waiting.indexOf(due.task), 1);
                    this.lastPollAt = now;
                    void this.pollOne(due.task, now);
                    continue;
                }
                if (due)
                    wakeAt = Math.min(wakeAt, due.at);
            }
            await this.idle(wakeAt - now);
        }
    }
    /** Waits until `ms` passed or something changed (a task was added, a poll answered). */
    idle(ms) {
        // One timer and one promise a wait, no AbortController: the loop turns over thousands of times
        // in a deployment export, and a controller (and its abort's DOMException) per turn was about a
        // seventh of everything such a run allocated.
        return new Promise(resolve => {
            let cancel = ignore;
            const wake = () => {
                this.wakeUp = ignore;
                cancel();
                resolve();
            };
            this.wakeUp = wake;
            if (Number.isFinite(ms))
                cancel = this.clock.after(Math.max(ms, 0), wake);
        });
    }
    async pollOne(task, sentAt) {
        this.pollsInFlight++;
        this.counts.polls++;
        const age = sentAt - task.startedAt;
        task.lastAge = age;
        try {
            const state = await this.ops.poll(task.taskToken);
            this.onPolled(task, state, age);
        }
        catch (error) {
            if (rateLimited(error)) {
                this.slowDown(error);
                if (this.clock.now() >= task.deadline) {
                    const error_ = `still rate limited by the API (HTTP ${error.status}) after ${this.settings.waitTimeoutSeconds} s`;
                    this.settle(task, 'timed_out', error_);
                }
                else {
                    task.dueAt = this.notBefore;
                    this.waiting.push(task);
                }
            }
            else {
                this.failTask(task, error);
            }
        }
        finally {
            this.pollsInFlight--;
            this.wakeUp();
        }
    }
    onPolled(task, state, age) {
        if (state.status === 'failed') {
            this.settle(task, 'failed', state.errorMessage ?? 'the export failed without a message');
            return;
        }
        if (state.status === 'in_progress') {
            if (this.clock.now() >= task.deadline) {
                this.settle(task, 'timed_out', `still in progress after ${this.settings.waitTimeoutSeconds} s`);
            }
            else {
                this.schedule(task);
            }
            return;
        }
        this.learn(age);
        if (!state.downloadUrl) {
            this.settle(task, 'error', 'the export completed without a download URL');
            return;
        }
        const unusable = this.ops.acceptUrl(state.downloadUrl);
        if (unusable !== undefined) {
            this.settle(task, 'error', unusable);
            return;
        }
        const file = this.settings.fileFor(task.project);
        if (file === undefined) {
            this.settle(task, 'completed');
            return;
        }
        const url = state.downloadUrl;
        this.downloads.push(this.downloadLimiter
            .run(() => this.ops.download(url, file))
            .then(() => this.settle(task, 'completed', undefined, file), (error) => this.failTask(task, error)));
    }
    /** A completion seen at `age`: tasks waiting for a later poll are polled at that age instead. */
    learn(age) {
        const before = this.planner.learnedDurationMs;
        this.planner.completedAt(age);
        if (before !== undefined && before <= age)
            return;
        for (const task of this.waiting) {
            if (task.lastAge < age)
                task.dueAt = Math.min(task.dueAt, task.startedAt + age);
        }
    }
    // --- outcomes -------------------------------------------------------------------------------
    settle(task, status, error, file) {
        if (status === 'completed')
            this.counts.completed++;
        else
            this.counts.failed++;
        this.results[task.index] = {
            project: task.project.name,
            taskToken: task.taskToken,
            status,
            ...(file !== undefined ? { file } : {}),
            ...(error !== undefined ? { error } : {})
        };
    }
    /** An unexpected error: recorded for this project, or the end of the run with failFast. */
    /** A started export that broke (its poll or its download): an error naming its task. */
    failTask(task, error) {
        const report = {
            project: task.project.name,
            taskToken: task.taskToken,
            status: 'error',
            error: (0,error_text/* errorText */.k)(error)
        };
        this.fail(task.index, report, error);
    }
    fail(index, report, error) {
        if (this.settings.failFast) {
            this.fatal ??= { error };
            this.wakeUp();
            return;
        }
        this.counts.failed++;
        this.results[index] = report;
    }
    slowDown(error) {
        this.counts.rateLimited++;
        const waitMs = Math.min(error.retryAfterMs ?? this.limits.rateLimitFallbackMs, this.limits.rateLimitMaxMs);
        const now = this.clock.now();
        this.notBefore = Math.max(this.notBefore, now + waitMs);
        if (now - this.lastRateLimitLog >= this.limits.progressEveryMs) {
            this.lastRateLimitLog = now;
            this.clock.info(`SBOM exports: the API answered HTTP ${error.status}; every start and poll waits ${(waitMs / 1000).toFixed(1)} s`);
        }
    }
    log(kind) {
        const { started, completed, failed, polls, rateLimited: limited } = this.counts;
        const seconds = Math.round((this.clock.now() - this.begun) / 1000);
        const total = this.projects.length;
        const waiting = started - completed - failed;
        const limitedText = limited > 0 ? `, ${limited} rate-limited answer(s)` : '';
        this.clock.info(kind === 'done'
            ? `SBOM exports done after ${seconds} s: ${total} project(s), ${completed} completed, ${failed} failed, ${polls} poll(s)${limitedText}`
            : `SBOM exports after ${seconds} s: ${started} of ${total} started, ${completed} completed, ${failed} failed, ${waiting} waiting${limitedText}`);
    }
}
/** Exports every project's SBOM; the reports keep the order of `projects`. */
function runExportPipeline(projects, ops, settings, clock, limits = DEFAULT_LIMITS) {
    return new ExportPipeline(projects, ops, settings, clock, limits).run();
}

;// CONCATENATED MODULE: ./src/effects/sbom.ts











/** `acme/web` → `acme__web.cdx.json`: one flat folder, no name can climb out of it. */
function sbomFileName(project, format) {
    const safe = project
        .replace(/\//g, '__')
        .replace(/[^A-Za-z0-9._-]/g, '_')
        .replace(/^\.+/, '_');
    return `${safe}${format === 'cyclonedx' ? '.cdx.json' : '.json'}`;
}
/**
 * A signed URL as a server sends one: http(s), and nothing a URL parser would silently drop
 * (it removes tabs and line breaks, so `https://x/\n::error::` would parse).
 */
function isDownloadUrl(raw) {
    // eslint-disable-next-line no-control-regex
    if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw) || !URL.canParse(raw))
        return false;
    const { protocol } = new URL(raw);
    return protocol === 'https:' || protocol === 'http:';
}
/**
 * One connection pool per storage origin for a run's downloads: a thousand SBOMs then reuse a few
 * connections instead of opening (and handshaking) one each. Never the API's pool, which would
 * put the API token's connection and the storage host in one place.
 */
class DownloadPools {
    pools = new Map();
    for(url) {
        let pool = this.pools.get(url.origin);
        if (!pool) {
            pool = (0,dispatcher.dispatcherFor)(url);
            this.pools.set(url.origin, pool);
        }
        return pool;
    }
    async close() {
        const pools = [...this.pools.values()];
        this.pools.clear();
        await Promise.all(pools.map(pool => pool.close()));
    }
}
/** fetch's limit, which these downloads followed before: a signed URL may redirect to storage. */
const MAX_DOWNLOAD_REDIRECTS = 20;
/**
 * GETs the signed URL with no Authorization header: the API token must never reach that host.
 * undici's `request`, not `fetch`: a thousand downloads through fetch's web streams allocate
 * enough to grow the heap by tens of MB; content codings are undone as fetch did.
 */
async function downloadSbom(url, path, timeoutMs, pools) {
    const target = new URL(url);
    const agent = pools?.for(target) ?? (0,dispatcher.dispatcherFor)(target);
    const partial = `${path}.partial`;
    const timeout = (0,transport/* timeoutSignal */._)(timeoutMs);
    try {
        const response = await (0,undici.request)(target, {
            headers: {
                accept: 'application/json',
                'accept-encoding': (0,response_body/* acceptEncoding */.gr)(target),
                'user-agent': 'findings-gate'
            },
            signal: timeout.signal,
            dispatcher: agent,
            maxRedirections: MAX_DOWNLOAD_REDIRECTS
        });
        const status = response.statusCode;
        // 204 and 205 carry no body: no SBOM, not an empty one.
        if (status < 200 || status > 299 || status === 204 || status === 205) {
            (0,response_body/* discard */.vf)(response.body);
            throw new Error(`the signed SBOM download URL answered HTTP ${status}`);
        }
        const contentEncoding = (0,response_body/* headerValue */.Z)(response.headers, 'content-encoding');
        const body = (0,response_body/* decodedBody */.jh)(status, contentEncoding, response.body);
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
        await (0,external_node_stream_promises_.pipeline)(body, (0,external_node_fs_.createWriteStream)(partial));
        await (0,promises_.rename)(partial, path);
    }
    catch (error) {
        await (0,promises_.rm)(partial, { force: true });
        throw error;
    }
    finally {
        timeout.clear();
        if (!pools)
            await agent.close();
    }
}
function failureOf(exports) {
    const bad = exports.filter(e => e.status === 'failed' || e.status === 'timed_out' || e.status === 'error');
    if (bad.length === 0)
        return undefined;
    const shown = bad
        .slice(0, 3)
        .map(e => `${(0,log_text/* quoted */.TL)(e.project)}: ${e.status.replace('_', ' ')} (${(0,log_text/* quoted */.TL)(e.error ?? 'no detail')})`);
    const more = bad.length > 3 ? `, and ${bad.length - 3} more` : '';
    return `${bad.length} of ${exports.length} SBOM export(s) did not complete: ${shown.join('; ')}${more}`;
}
/**
 * SBOM exports for one project or every project. With deployment scope a failure of one project
 * is recorded and the others go on; the outcome's `failure` makes the step fail at the end.
 */
async function exportSboms(transport, deploymentId, projects, settings, env, limits) {
    const deployment = settings.scope === 'deployment';
    const fileFor = (project) => {
        if (settings.file === undefined)
            return undefined;
        return deployment
            ? (0,external_node_path_.join)(settings.file, sbomFileName(project.name, settings.format))
            : settings.file;
    };
    const ops = {
        start: project => createSbomExport(transport, deploymentId, {
            repositoryId: project.id,
            ref: settings.ref,
            format: settings.format,
            componentType: settings.componentType,
            supplier: settings.supplier
        }, 'caller'),
        poll: taskToken => getSbomExport(transport, deploymentId, taskToken, 'caller'),
        acceptUrl: url => {
            // Masking whatever the server sent would let it hide any word of the log.
            if (!isDownloadUrl(url))
                return 'the export completed with a download URL that is not an http(s) URL';
            env.mask(url);
            return undefined;
        },
        download: (url, file) => downloadSbom(url, file, settings.downloadTimeoutMs, pools)
    };
    const pools = new DownloadPools();
    const exports = await runExportPipeline(projects, ops, {
        wait: settings.wait,
        waitTimeoutSeconds: settings.waitTimeoutSeconds,
        fileFor,
        startRetries: settings.rateLimitRetries,
        failFast: !deployment,
        progress: deployment
    }, { now: env.now, after: env.after, info: env.info }, limits).finally(() => pools.close());
    const failure = failureOf(exports);
    return failure ? { exports, failure } : { exports };
}

;// CONCATENATED MODULE: ./src/effects/sbom-shard.ts
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** 32-bit FNV-1a over the UTF-8 bytes of `text`. */
function fnv1a32(text) {
    let hash = FNV_OFFSET;
    for (const byte of new TextEncoder().encode(text)) {
        hash ^= byte;
        hash = Math.imul(hash, FNV_PRIME) >>> 0;
    }
    return hash;
}
/** The 1-based shard of a project name; names compare case-insensitively, as the API's do. */
function shardOf(projectName, count) {
    return (fnv1a32(projectName.toLowerCase()) % count) + 1;
}
function inShard(projectName, shard) {
    return shardOf(projectName, shard.count) === shard.index;
}

;// CONCATENATED MODULE: ./src/effects/tags.ts

class TagsNotKeptError extends Error {
    name = 'TagsNotKeptError';
}
/**
 * Adds tags, never removes one: the current tags are read first and the union is sent, since
 * whether the service replaces or extends is undocumented. Nothing new to add → no request.
 */
async function addProjectTags(transport, deploymentSlug, project, wanted) {
    const has = new Set(project.tags);
    const added = wanted.filter(tag => !has.has(tag));
    if (added.length === 0)
        return { project: project.name, added: [], tags: [...project.tags] };
    const union = [...project.tags, ...added];
    const updated = await (0,api_projects/* putProjectTags */.m$)(transport, deploymentSlug, project.name, union);
    const kept = new Set(updated.tags);
    const missing = union.filter(tag => !kept.has(tag));
    if (missing.length > 0) {
        throw new TagsNotKeptError(`The tag update of ${project.name} was answered without ${missing.join(', ')}: the project now has [${updated.tags.join(', ')}]`);
    }
    return { project: project.name, added, tags: [...updated.tags] };
}

;// CONCATENATED MODULE: ./src/api/tickets.ts


const idList = schemas/* array */.YOg(wire/* numericId */.Vi)
    .nullish()
    .transform(ids => ids ?? []);
const TicketsResponse = schemas/* object */.Ikc({
    succeeded: schemas/* array */.YOg(schemas/* object */.Ikc({
        issue_ids: idList,
        ticket_id: wire/* numericId */.Vi.nullish(),
        ticket_url: wire/* optionalString */.sx,
        external_slug: wire/* optionalString */.sx
    }))
        .nullish(),
    failed: schemas/* array */.YOg(schemas/* object */.Ikc({ issue_ids: idList, error: wire/* optionalString */.sx })).nullish(),
    skipped: schemas/* array */.YOg(schemas/* object */.Ikc({ issue_ids: idList, reason: wire/* optionalString */.sx })).nullish()
})
    // An empty bucket may be left out, but a 200 with none of them (`{}`, an error object) says
    // nothing about the tickets: it must not read as "nothing happened".
    .refine(body => [body.succeeded, body.failed, body.skipped].some(Array.isArray), 'expected at least one of the lists succeeded, failed, skipped (got none)');
/**
 * Creates tickets for the given findings. Never retried once the server may have acted on it: a
 * duplicate ticket is worse than a failed step (the transport treats a POST as non-idempotent).
 */
async function createTickets(transport, deploymentSlug, request) {
    const response = await transport.request({
        method: 'POST',
        path: `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/tickets`,
        idempotent: false,
        body: {
            issue_type: request.type,
            issue_ids: request.findingIds.map(String),
            group_issues: request.groupIssues,
            limit: request.limit,
            ...(request.trackerProjectId ? { tracker_project_id: request.trackerProjectId } : {})
        },
        schema: TicketsResponse,
        hints: {
            400: 'check ticket-limit and tracker-project-id, and that an issue tracker integration is set up'
        }
    });
    return {
        succeeded: (response.succeeded ?? []).map(s => ({
            issueIds: s.issue_ids,
            ticketId: s.ticket_id ?? undefined,
            url: s.ticket_url ?? undefined,
            externalSlug: s.external_slug ?? undefined
        })),
        failed: (response.failed ?? []).map(f => ({
            issueIds: f.issue_ids,
            error: f.error ?? 'no reason given'
        })),
        skipped: (response.skipped ?? []).map(s => ({
            issueIds: s.issue_ids,
            reason: s.reason ?? 'no reason given'
        }))
    };
}

;// CONCATENATED MODULE: ./src/gate/ticket-selection.ts
/**
 * Which findings get tickets: the blocking ones (or all), minus those that already have an
 * external ticket — that is what makes a re-run create nothing. Ignored findings never get a
 * ticket: someone decided to accept them.
 */
function selectTicketFindings(findings, which) {
    const byType = new Map();
    let alreadyTicketed = 0;
    for (const evaluated of findings) {
        if (evaluated.ignored)
            continue;
        if (which === 'blocking' && !evaluated.blocking)
            continue;
        const { finding } = evaluated;
        if (finding.externalTicket) {
            alreadyTicketed++;
            continue;
        }
        const ids = byType.get(finding.type) ?? [];
        ids.push(finding.id);
        byType.set(finding.type, ids);
    }
    return { byType, alreadyTicketed };
}

;// CONCATENATED MODULE: ./src/effects/tickets.ts





/**
 * Whether a failed ticket request may still have created tickets: no answer after the request
 * was sent, or a server/gateway error other than the ones that prove it was not processed.
 */
function mayHaveCreatedTickets(error) {
    if (error instanceof errors/* NetworkError */.Dr)
        return error.mayHaveBeenProcessed;
    if (error instanceof errors/* ApiError */.hD)
        return error.status >= 500 && error.status !== 503;
    return false;
}
function idsText(ids) {
    return ids.length === 0
        ? 'no finding ids'
        : `finding${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`;
}
/**
 * One ticket request per finding type. Failed and skipped findings become warnings; a request
 * error is a warning too (tickets never decide the gate), worded so a user knows whether tickets
 * may exist already.
 */
async function openTickets(transport, deploymentSlug, findings, settings, warn) {
    const selection = selectTicketFindings(findings, settings.ticketFindings);
    const created = [];
    const failed = [];
    const skipped = [];
    const types = [...selection.byType.entries()];
    const outcomes = await Promise.allSettled(types.map(([type, findingIds]) => createTickets(transport, deploymentSlug, {
        type,
        findingIds,
        groupIssues: settings.groupTickets,
        limit: settings.ticketLimit,
        trackerProjectId: settings.trackerProjectId
    })));
    outcomes.forEach((outcome, index) => {
        const [type, findingIds] = types[index];
        if (outcome.status === 'rejected') {
            const error = outcome.reason;
            const message = (0,error_text/* errorText */.k)(error);
            const uncertain = mayHaveCreatedTickets(error);
            const prefix = uncertain
                ? `Tickets for ${type} ${idsText(findingIds)} may have been created (no answer came back); check the tracker before re-running`
                : `Tickets for ${type} ${idsText(findingIds)} were not created`;
            warn(`${prefix}: ${message}`);
            failed.push({ findingIds, error: uncertain ? `may have been created: ${message}` : message });
            return;
        }
        for (const ticket of outcome.value.succeeded) {
            created.push({ findingIds: ticket.issueIds, url: ticket.url, key: ticket.externalSlug });
        }
        for (const failure of outcome.value.failed) {
            warn(`Ticket for ${type} ${idsText(failure.issueIds)} failed: ${(0,log_text/* quoted */.TL)(failure.error)}`);
            failed.push({ findingIds: failure.issueIds, error: failure.error });
        }
        for (const skip of outcome.value.skipped) {
            warn(`Ticket for ${type} ${idsText(skip.issueIds)} skipped: ${(0,log_text/* quoted */.TL)(skip.reason)}`);
            skipped.push({ findingIds: skip.issueIds, reason: skip.reason });
        }
    });
    return { created, failed, skipped, alreadyTicketed: selection.alreadyTicketed };
}

// EXTERNAL MODULE: ./src/time/sleep.ts
var sleep = __webpack_require__(254);
;// CONCATENATED MODULE: ./src/effects/run-effects.ts







/** With sbom-shard, only this job's share of the deployment. */
function shardProjects(projects, shard, runner) {
    if (shard === undefined)
        return projects;
    const mine = projects.filter(p => inShard(p.name, shard));
    runner.info(`sbom-shard ${shard.index}/${shard.count}: ${mine.length} of ${projects.length} project(s) fall in this shard`);
    return mine;
}
/** Tickets, tags and SBOM exports: independent of each other, so they run concurrently. */
async function runEffects(input) {
    const { config, transport, deployment, project, verdict, warn, runner } = input;
    // One slot per action, joined in this order: not in the order they happened to fail.
    let tagsFailure;
    let sbomFailure;
    if (config.createTickets && !verdict)
        warn('No tickets were created: the findings could not be fetched');
    const tickets = config.createTickets && verdict
        ? openTickets(transport, deployment.slug, verdict.findings, config, warn)
        : undefined;
    const tags = config.projectTags.length > 0 && project
        ? project
            .then(p => addProjectTags(transport, deployment.slug, p, config.projectTags))
            .catch((error) => {
            tagsFailure = `Project tags were not added: ${(0,error_text/* errorText */.k)(error)}`;
            return undefined;
        })
        : undefined;
    const sbom = config.sbomExport
        ? (async () => {
            const projects = config.sbomScope === 'deployment'
                ? shardProjects(await (0,api_projects/* listProjects */.hF)(transport, deployment.slug), config.sbomShard, runner)
                : [await project];
            return exportSboms(transport, deployment.id, projects, {
                scope: config.sbomScope,
                format: config.sbomFormat,
                componentType: config.sbomComponentType,
                supplier: config.sbomSupplier,
                ref: config.sbomScope === 'repository' ? config.ref : undefined,
                wait: config.sbomWait,
                waitTimeoutSeconds: config.sbomWaitTimeoutSeconds,
                file: config.sbomFile,
                downloadTimeoutMs: Math.max(config.timeoutSeconds, 120) * 1000,
                rateLimitRetries: config.maxRetries
            }, {
                after: sleep/* after */.P,
                now: Date.now,
                mask: secret => runner.setSecret(secret),
                info: message => runner.info(message)
            });
        })().catch((error) => {
            sbomFailure = `SBOM export failed: ${(0,error_text/* errorText */.k)(error)}`;
            return undefined;
        })
        : undefined;
    const [ticketsOutcome, tagsOutcome, sbomRun] = await Promise.all([tickets, tags, sbom]);
    const failures = [tagsFailure, sbomFailure ?? sbomRun?.failure].filter((failure) => failure !== undefined && failure !== '');
    return {
        outcomes: {
            ...(ticketsOutcome ? { tickets: ticketsOutcome } : {}),
            ...(tagsOutcome ? { tags: tagsOutcome } : {}),
            ...(sbomRun ? { sbom: { scope: config.sbomScope, exports: sbomRun.exports } } : {})
        },
        ...(failures.length > 0 ? { failure: failures.join('\n') } : {})
    };
}


/***/ })

};

//# sourceMappingURL=51.index.js.map