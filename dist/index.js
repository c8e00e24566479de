import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 2821:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  r: () => (/* binding */ httpClientFor)
});

// UNUSED EXPORTS: CONNECT_TIMEOUT_MS

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __nccwpck_require__(7067);
var external_node_http_default = /*#__PURE__*/__nccwpck_require__.n(external_node_http_);
;// CONCATENATED MODULE: external "node:https"
const external_node_https_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");
var external_node_https_default = /*#__PURE__*/__nccwpck_require__.n(external_node_https_namespaceObject);
// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/proxy.js
var proxy = __nccwpck_require__(9783);
// EXTERNAL MODULE: ./src/api/retry.ts
var retry = __nccwpck_require__(7018);
// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __nccwpck_require__(610);
var external_node_dns_default = /*#__PURE__*/__nccwpck_require__.n(external_node_dns_);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __nccwpck_require__(7030);
var external_node_net_default = /*#__PURE__*/__nccwpck_require__.n(external_node_net_);
;// CONCATENATED MODULE: ./src/api/warm-connections.ts


/**
 * How long one may wait unused before it is closed. Servers close idle connections (Node's after
 * 5 s by default), and one closing just as a request goes out on it fails that request; a run
 * needs them in its first seconds. Nor should a run that waits for its scan hold them open.
 */
const WARM_IDLE_MS = 4000;
/**
 * What the agent asks its createConnection for when a request to `origin` needs a connection: the
 * host and port, the TLS server name (none for an IP address), and the agent's socket options.
 * The agent names a connection by these (`getName`), and hands a request only one of its name.
 */
function connectionOptions(origin, lookup) {
    const secure = origin.protocol === 'https:';
    const host = origin.hostname.replace(/^\[(.*)\]$/, '$1');
    return {
        host,
        port: Number(origin.port) || (secure ? 443 : 80),
        ...(secure && external_node_net_default().isIP(host) === 0 ? { servername: host } : {}),
        keepAlive: true,
        noDelay: true,
        lookup: sharedLookup(lookup)
    };
}
/**
 * One DNS lookup for all of them. Each connection would look its host up on its own: 33 lookups at
 * once queue in libuv's four threads, and a resolver that drops some under that load answers
 * those after its retry (here the last of 33 failed lookups took 5 s, where 8 took 10 ms). A
 * request handed a connection still waiting on such a lookup would wait with it.
 */
function sharedLookup(lookup) {
    const answers = new Map();
    return (hostname, options, callback) => {
        const key = JSON.stringify([hostname, options]);
        let answer = answers.get(key);
        if (answer === undefined) {
            answer = new Promise(resolve => lookup(hostname, options, (...args) => resolve(args)));
            answers.set(key, answer);
        }
        // Replayed as the lookup gave it: one address, or every address when `all` was asked for.
        void answer.then(args => callback(...args));
    };
}
/**
 * Installs the pool on `agent`, the agent of `origin` (through createConnection, the hook Node
 * documents for this).
 */
function warmConnections(agent, origin, { idleMs = WARM_IDLE_MS, lookup = (external_node_dns_default()).lookup } = {}) {
    const open = agent.createConnection.bind(agent);
    const options = connectionOptions(origin, lookup);
    const name = agent.getName(options);
    /** Each idle connection, with what hands it over to a request. */
    const idle = new Map();
    let opened = 0;
    let closed = false;
    const keep = (socket) => {
        const drop = () => {
            clearTimeout(expiry);
            idle.delete(socket);
            socket.destroy();
        };
        // A connection that fails or is closed while nobody uses it is simply not handed out.
        socket.once('error', drop);
        socket.once('close', drop);
        const expiry = setTimeout(drop, idleMs);
        // Unused, it must not keep the process alive.
        expiry.unref();
        socket.unref();
        idle.set(socket, () => {
            clearTimeout(expiry);
            socket.off('error', drop);
            socket.off('close', drop);
            socket.ref();
        });
    };
    const take = (wanted) => {
        if (agent.getName(wanted) !== name)
            return undefined;
        for (const [socket, handOver] of idle) {
            idle.delete(socket);
            if (socket.destroyed)
                continue;
            handOver();
            return socket;
        }
        return undefined;
    };
    agent.createConnection = (wanted, callback) => take(wanted) ?? open(wanted, callback);
    return {
        preconnect(count) {
            for (; opened < count && !closed; opened++) {
                const socket = open(options);
                if (socket instanceof (external_node_net_default()).Socket)
                    keep(socket);
                else
                    socket?.destroy();
            }
        },
        close() {
            closed = true;
            for (const socket of idle.keys())
                socket.destroy();
            idle.clear();
        }
    };
}

;// CONCATENATED MODULE: ./src/api/http-client.ts
/**
 * The one HTTP exchange the transport needs: send a request, get the status, the headers and the
 * body as a Node Readable. A direct connection goes through `node:http`/`node:https`; a proxied one
 * through undici, loaded only then.
 *
 * Why not undici for everything: the action is CPU-bound at low latency, and undici costs it twice.
 * Loading it takes about 35 ms before the first request can go out, and its parser hands each body
 * chunk over from WebAssembly memory: reading the 22 pages of 60,000 findings took about 350 ms of
 * CPU through undici's `request` against about 305 ms through `node:http` (medians of eight runs,
 * docs/benchmark-history.md). Behind a proxy undici's ProxyAgent tunnels as the Actions toolkit
 * does, so that path keeps it.
 */





/**
 * How long a new connection may take to open before the attempt fails as not sent (and so is
 * retried, even for a POST): undici's connect timeout, which this transport had before.
 */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * The client for one origin: through the proxy the Actions toolkit would use for it
 * (`HTTPS_PROXY`/`HTTP_PROXY`, `NO_PROXY`, loopback never proxied), else direct.
 */
function httpClientFor(origin) {
    if ((0,proxy/* getProxyUrl */.s)(origin) === undefined)
        return directClient(origin);
    return proxiedClient(async () => (await Promise.all(/* import() */[__nccwpck_require__.e(752), __nccwpck_require__.e(43)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9043))).dispatcherFor(origin));
}
/** Keep-alive connections without a limit per host, as undici's Agent keeps them. */
function directClient(origin) {
    const secure = origin.protocol === 'https:';
    const agent = secure ? new (external_node_https_default()).Agent({ keepAlive: true }) : new (external_node_http_default()).Agent({ keepAlive: true });
    const open = secure ? (external_node_https_default()).request : (external_node_http_default()).request;
    const warm = warmConnections(agent, origin);
    return {
        preconnect: count => warm.preconnect(count),
        send: (url, request) => new Promise((resolve, reject) => {
            const { signal } = request;
            // The signal's own reason, passed on whatever it is, as undici rejects: the transport tells
            // a timeout from a cancellation by it (node's `signal` option rejects with an AbortError).
            const reason = () => signal.reason;
            if (signal.aborted) {
                reject(reason());
                return;
            }
            const headers = request.body === undefined
                ? request.headers
                : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
            const outgoing = open(url, { method: request.method, headers, agent });
            let response;
            const abort = () => {
                response?.destroy(reason());
                outgoing.destroy(reason());
                reject(reason());
            };
            const release = () => signal.removeEventListener('abort', abort);
            signal.addEventListener('abort', abort, { once: true });
            outgoing.on('socket', socket => {
                if (!socket.connecting)
                    return;
                const timer = setTimeout(() => outgoing.destroy(connectTimeout(url)), CONNECT_TIMEOUT_MS);
                const clear = () => clearTimeout(timer);
                socket.once('connect', clear);
                socket.once('close', clear);
            });
            if (request.onSent)
                outgoing.once('finish', request.onSent);
            outgoing.on('error', error => {
                release();
                reject(error);
            });
            outgoing.on('response', incoming => {
                response = incoming;
                incoming.once('close', release);
                resolve({
                    statusCode: incoming.statusCode ?? 0,
                    // Every value of a repeated header, as fetch keeps them: `headers` would keep only the
                    // first Retry-After of two, and wait on a value fetch would not have read.
                    headers: incoming.headersDistinct,
                    body: incoming
                });
            });
            outgoing.end(request.body);
        }),
        close: () => {
            warm.close();
            agent.destroy();
            return Promise.resolve();
        }
    };
}
function connectTimeout(url) {
    return Object.assign(new Error(`connect timed out after ${CONNECT_TIMEOUT_MS / 1000} s`), {
        code: retry/* CONNECT_TIMEOUT_CODE */.Lo,
        hostname: url.hostname
    });
}
/** undici's `request` over the proxy's dispatcher, made on first use and closed with the client. */
function proxiedClient(make) {
    let dispatcher;
    let closed;
    return {
        preconnect: () => undefined,
        async send(url, request) {
            dispatcher ??= make();
            const [{ request: send }, through] = await Promise.all([__nccwpck_require__.e(/* import() */ 752).then(__nccwpck_require__.t.bind(__nccwpck_require__, 4371, 19)), dispatcher]);
            const response = await send(url, {
                method: request.method,
                headers: request.headers,
                body: request.body,
                maxRedirections: 0,
                signal: request.signal,
                dispatcher: through
            });
            request.onSent?.();
            return { statusCode: response.statusCode, headers: response.headers, body: response.body };
        },
        close() {
            closed ??= dispatcher?.then(opened => opened.close()) ?? Promise.resolve();
            return closed;
        }
    };
}


/***/ }),

/***/ 7018:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Lo: () => (/* binding */ CONNECT_TIMEOUT_CODE),
/* harmony export */   Sc: () => (/* binding */ shouldRetry),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   qO: () => (/* binding */ retryDelayMs),
/* harmony export */   uZ: () => (/* binding */ mayHaveBeenProcessed),
/* harmony export */   ur: () => (/* binding */ defaultRetryPolicy)
/* harmony export */ });
/**
 * The retry policy as data, and the pure decisions made from it. The transport applies them;
 * tests inject the clock, the sleep and the randomness.
 */
function defaultRetryPolicy(retries) {
    return {
        retries,
        statusCodes: new Set([408, 429, 500, 502, 503, 504]),
        unsafeStatusCodes: new Set([429, 503]),
        baseDelayMs: 500,
        maxDelayMs: 20_000,
        maxRetryAfterMs: 120_000
    };
}
/** The code of a connection that did not open in time (http-client.ts): the request never left. */
const CONNECT_TIMEOUT_CODE = 'ECONNECT_TIMEOUT';
/**
 * Network failures by whether the request can have reached the server. A refused or
 * unresolvable connection never carried the request, so even a ticket POST may be retried.
 */
const NOT_SENT_CODES = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'UND_ERR_CONNECT_TIMEOUT',
    CONNECT_TIMEOUT_CODE
]);
/** Failures another attempt cannot fix: the certificate will be just as untrusted next time. */
const PERMANENT_CODES = new Set([
    'CERT_HAS_EXPIRED',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'ERR_TLS_CERT_ALTNAME_INVALID'
]);
/** Whether a request that has not been retried `attempt` times yet deserves another try. */
function shouldRetry(outcome, idempotent, policy) {
    if (outcome.kind === 'network') {
        if (PERMANENT_CODES.has(outcome.code))
            return false;
        return idempotent || NOT_SENT_CODES.has(outcome.code);
    }
    const codes = idempotent ? policy.statusCodes : policy.unsafeStatusCodes;
    if (!codes.has(outcome.status))
        return false;
    return outcome.retryAfterMs === undefined || outcome.retryAfterMs <= policy.maxRetryAfterMs;
}
/** Whether a failed non-idempotent request may have been acted on by the server. */
function mayHaveBeenProcessed(code) {
    return !NOT_SENT_CODES.has(code);
}
/**
 * Delay before retry number `retry` (1-based): the server's Retry-After when given, else
 * exponential backoff with full jitter, capped.
 */
function retryDelayMs(retry, policy, retryAfterMs, random) {
    if (retryAfterMs !== undefined)
        return retryAfterMs;
    const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
    // Full jitter spreads the retries of many parallel jobs hitting the same rate limit.
    return Math.round(exponential / 2 + (random() * exponential) / 2);
}
/**
 * An HTTP-date (RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`
 * or `Sun Nov  6 08:49:37 1994`, and the sloppier variants servers send) names a month and a time
 * of day. Checked before Date.parse, which also reads `1.5`, `-1` or `10, 10` as dates in 2001,
 * that is as "retry now".
 */
function looksLikeHttpDate(value) {
    return (/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(value) &&
        /\b\d{1,2}:\d{2}:\d{2}\b/.test(value));
}
/**
 * Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns milliseconds
 * from `nowMs`, never negative; undefined when absent or unparseable. Fractional seconds, which
 * some servers send, are honoured rather than rejected.
 */
function parseRetryAfter(value, nowMs) {
    if (value === null || value === undefined)
        return undefined;
    const trimmed = value.trim();
    if (trimmed === '')
        return undefined;
    if (/^\d+(?:\.\d+)?$/.test(trimmed))
        return Math.ceil(Number(trimmed) * 1000);
    if (!looksLikeHttpDate(trimmed))
        return undefined;
    const date = Date.parse(trimmed);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - nowMs);
}


/***/ }),

/***/ 2828:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ FINDINGS_PRECONNECT),
/* harmony export */   x: () => (/* binding */ openEarlyConnections)
/* harmony export */ });
/* harmony import */ var _api_http_client_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2821);
/* harmony import */ var _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(5165);
/**
 * The connections a run opens before the rest of the action has loaded. Loading it takes about
 * 35 ms; against the real API each connection then still costs a TCP and a TLS handshake, two
 * round trips before its first request can go out. Opened first, their handshakes overlap the
 * loading. Only what opens them is loaded before them: the inputs are read again, and checked,
 * once the action has loaded, and nothing is sent before that.
 */


/**
 * Connections a run that reads findings opens at its start: its first request's and 32 more for
 * the requests that go out once the deployment is known and those the first pages and the scan's
 * count start (api/warm-connections.ts). 60,000 findings of the default six lists, with the
 * deployment discovered, opened 27 when none were opened ahead. Against the emulator holding each new connection's first request
 * for two round trips of 300 ms, medians of three (2026-11-26): 60,000 findings with slug and id
 * set 2.66 s with only the first request's, 2.18 s with 25, 2.01 s with 33; discovered 3.39,
 * 2.42, 2.27 s; 120,000 with 49 no faster than with 33.
 */
const FINDINGS_PRECONNECT = 33;
/**
 * Opens the connections the inputs call for: as many as a run that reads findings uses, one for any
 * other run. Inputs it cannot read open nothing (the run then reports them); a fork's pull request
 * without a token opens nothing either.
 */
function openEarlyConnections(getInput) {
    if (getInput('api-token') === '')
        return undefined;
    let origin;
    let readsFindings;
    try {
        origin = new URL((0,_inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .parseBaseUrl */ .Q2)(getInput('base-url') || _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_BASE_URL */ .Ql)).origin;
        const flag = (name, unset) => {
            const raw = getInput(name);
            return raw === '' ? unset : (0,_inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .parseBoolean */ .yG)(raw);
        };
        // As the run decides it (gate or tickets), from the same inputs.
        readsFindings = flag('gate', true) || flag('create-tickets', false);
    }
    catch {
        return undefined;
    }
    const client = (0,_api_http_client_js__WEBPACK_IMPORTED_MODULE_0__/* .httpClientFor */ .r)(new URL(origin));
    try {
        client.preconnect(readsFindings ? FINDINGS_PRECONNECT : 1);
    }
    catch {
        // Only a head start: whatever stops it, the run opens its connections as it goes.
        void client.close();
        return undefined;
    }
    return { origin, client };
}


/***/ }),

/***/ 3916:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ NoVerdictError),
/* harmony export */   y: () => (/* binding */ UserError)
/* harmony export */ });
/**
 * An error the user can fix: an input, the ignore file, the deployment or repository named, the
 * token, a scan that is missing, what the API answered. `main` reports one by its message alone;
 * any other error is a bug and is reported as one ("failed unexpectedly"). As codeql-action's
 * ConfigurationError: one base class, so no list of error classes has to be kept by hand.
 */
class UserError extends Error {
    name = 'UserError';
}
class NoVerdictError extends UserError {
    softenedBy;
    name = 'NoVerdictError';
    constructor(message, 
    /** The input whose `warn` turns this into a warning: a missing scan, or an API that erred. */
    softenedBy) {
        super(message);
        this.softenedBy = softenedBy;
    }
}


/***/ }),

/***/ 9407:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _early_connections_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2828);
/* harmony import */ var _runner_core_runner_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(5338);


// Opened before the rest of the action loads (about 35 ms), so that their handshakes overlap it.
const early = (0,_early_connections_js__WEBPACK_IMPORTED_MODULE_0__/* .openEarlyConnections */ .x)(name => _runner_core_runner_js__WEBPACK_IMPORTED_MODULE_1__/* .coreRunner */ .s.getInput(name));
// One turn of the event loop lets them start: a connection to an IP address starts on the next
// tick, and the import below would hold that back until the action has loaded.
await new Promise(resolve => setImmediate(resolve));
const { run } = await Promise.all(/* import() */[__nccwpck_require__.e(533), __nccwpck_require__.e(270)]).then(__nccwpck_require__.bind(__nccwpck_require__, 270));
await run(undefined, _runner_core_runner_js__WEBPACK_IMPORTED_MODULE_1__/* .coreRunner */ .s, early);

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 968:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   MV: () => (/* binding */ gotClause),
/* harmony export */   Z2: () => (/* binding */ revealsSecret),
/* harmony export */   nI: () => (/* binding */ CONTROL_CHARACTERS),
/* harmony export */   ri: () => (/* binding */ withoutCredentials)
/* harmony export */ });
/**
 * How a bad value is shown back in an error message: escaped, shortened, and never revealing a
 * secret or URL credentials. Echoes land in the workflow log, where raw text could forge lines.
 */
/** Longer values are cut: the echo only has to let people recognise what they wrote. */
const ECHO_LIMIT = 60;
/**
 * C0, DEL and C1 controls, plus line/paragraph separators and bidi overrides: they can forge log
 * lines or make text read differently than it parses, so values never contain them and echoes
 * show them escaped.
 */
const CONTROL_CHARACTERS = 
// eslint-disable-next-line no-control-regex -- finding control characters is the point
/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROL_CHARACTERS_GLOBAL = new RegExp(CONTROL_CHARACTERS.source, 'g');
/** `(got "…")`, escaped and at most {@link ECHO_LIMIT} characters of the value. */
function gotClause(value) {
    return `(got "${echo(value)}")`;
}
function echo(value) {
    let shown = '';
    for (const character of value) {
        const piece = escapeControl(character);
        if (shown.length + piece.length > ECHO_LIMIT)
            return `${shown}…`;
        shown += piece;
    }
    return shown;
}
const NAMED_ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
function escapeControl(character) {
    return character.replace(CONTROL_CHARACTERS_GLOBAL, control => NAMED_ESCAPES[control] ?? `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * True when `value` contains any 8-character run of a secret (or a whole shorter one): echoes are
 * shortened, so a mistyped or truncated token pasted into another input must not leak either.
 */
function revealsSecret(value, secrets) {
    return secrets.some(secret => {
        const window = Math.min(8, secret.length);
        for (let start = 0; start + window <= secret.length; start++) {
            if (value.includes(secret.slice(start, start + window)))
                return true;
        }
        return false;
    });
}
/** Echoes of URLs hide any `user:password@` part. */
function withoutCredentials(raw) {
    return raw.replace(/\/\/[^/?#]*@/, '//***@');
}


/***/ }),

/***/ 1318:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Bs: () => (/* binding */ valueErrors),
/* harmony export */   uH: () => (/* binding */ InputValueError),
/* harmony export */   xL: () => (/* binding */ ConfigError)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3916);
/* harmony import */ var _echo_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(968);
/** The two errors of the inputs layer: one bad value, and the whole list of problems of a run. */


/** The inputs are unusable; `problems` holds one `<input-name>: <problem>` line per mistake. */
class ConfigError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .y {
    name = 'ConfigError';
    problems;
    constructor(problems) {
        super(problems.join('\n'));
        this.problems = Object.freeze([...problems]);
    }
}
/**
 * One value is invalid. `problem` says what is wrong and what is allowed, without naming the input
 * (the same rule serves several inputs); `received`, when set, is the offending text, echoed back
 * escaped and shortened. Secrets are never put in `received`.
 */
class InputValueError extends Error {
    name = 'InputValueError';
    problem;
    received;
    constructor(problem, received) {
        super(received === undefined ? problem : `${problem} ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_1__/* .gotClause */ .MV)(received)}`);
        this.problem = problem;
        if (received !== undefined)
            this.received = received;
    }
}
/** Unwraps our own errors (one, or an AggregateError of them); anything else is a bug: rethrown. */
function valueErrors(error) {
    const errors = error instanceof AggregateError ? error.errors : [error];
    if (errors.every(each => each instanceof InputValueError))
        return errors;
    throw error;
}


/***/ }),

/***/ 5165:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ae: () => (/* binding */ anyText),
/* harmony export */   BD: () => (/* binding */ parseWebUrl),
/* harmony export */   D_: () => (/* binding */ underscored),
/* harmony export */   L5: () => (/* binding */ parseCommit),
/* harmony export */   Ms: () => (/* binding */ entryOf),
/* harmony export */   Q2: () => (/* binding */ parseBaseUrl),
/* harmony export */   Ql: () => (/* binding */ DEFAULT_BASE_URL),
/* harmony export */   Rr: () => (/* binding */ parsePath),
/* harmony export */   SU: () => (/* binding */ parseRepository),
/* harmony export */   bn: () => (/* binding */ integerFrom),
/* harmony export */   c3: () => (/* binding */ listOf),
/* harmony export */   dF: () => (/* binding */ parseSlug),
/* harmony export */   j_: () => (/* binding */ parsePlainText),
/* harmony export */   o_: () => (/* binding */ parseDigits),
/* harmony export */   pI: () => (/* binding */ parseToken),
/* harmony export */   rd: () => (/* binding */ parseRef),
/* harmony export */   wj: () => (/* binding */ parseEmail),
/* harmony export */   y5: () => (/* binding */ parseLicenseId),
/* harmony export */   yG: () => (/* binding */ parseBoolean),
/* harmony export */   yL: () => (/* binding */ oneOf)
/* harmony export */ });
/* unused harmony export parseList */
/* harmony import */ var _echo_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(968);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(1318);
/**
 * The value parsers the input sections build their fields from: each turns one trimmed, non-empty
 * raw string into a typed value, or throws {@link InputValueError} saying what is allowed.
 */


/** What `core.getBooleanInput` accepts (YAML 1.2 core schema booleans). */
const TRUE_WORDS = new Set(['true', 'True', 'TRUE']);
const FALSE_WORDS = new Set(['false', 'False', 'FALSE']);
function parseBoolean(raw) {
    if (TRUE_WORDS.has(raw))
        return true;
    if (FALSE_WORDS.has(raw))
        return false;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must be true or false', raw);
}
function integerFrom(min, max) {
    return raw => {
        const value = Number(raw);
        if (/^\d+$/.test(raw) && value >= min && value <= max)
            return value;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH(`must be an integer from ${min} to ${max}`, raw);
    };
}
const lowercase = (raw) => raw.toLowerCase();
/** Lowercase, with spaces and hyphens read as underscores: `Always Reachable` → `always_reachable`. */
const underscored = (raw) => raw.toLowerCase().replace(/[\s-]+/g, '_');
/** Case-insensitive choice among `values`; the message lists them in the given order. */
function oneOf(values, normalise = lowercase) {
    return raw => {
        const wanted = normalise(raw);
        const found = values.find(value => value === wanted);
        if (found !== undefined)
            return found;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH(`must be one of ${values.join(', ')}`, raw);
    };
}
function parseDigits(raw) {
    if (/^\d+$/.test(raw))
        return raw;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must be digits only, e.g. 12345', raw);
}
/** Tokens are never echoed, whatever is wrong with them. */
function parseToken(raw) {
    if (/\s/.test(raw) || _echo_js__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_CHARACTERS */ .nI.test(raw)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not contain whitespace or control characters');
    }
    return raw;
}
function parsePlainText(raw) {
    if (_echo_js__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_CHARACTERS */ .nI.test(raw)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not contain control characters', raw);
    }
    return raw;
}
const parsePath = parsePlainText;
/** A slug is one URL path segment. */
function parseSlug(raw) {
    if (/[\s/\\%]/.test(raw) || _echo_js__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_CHARACTERS */ .nI.test(raw) || raw === '.' || raw === '..') {
        // `.`/`..` (even encoded) would be collapsed by URL parsing into another API path.
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not be . or .. nor contain /, \\, %, whitespace or control characters', raw);
    }
    return raw;
}
function parseRepository(raw) {
    const segmentIsValid = (segment) => segment !== '' &&
        segment !== '.' &&
        segment !== '..' &&
        !/[%\\\s]/.test(segment) &&
        !_echo_js__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_CHARACTERS */ .nI.test(segment);
    if (raw.split('/').every(segmentIsValid))
        return raw;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must be like owner/name: /-separated segments that are not empty, "." or "..", without %, \\, whitespace or control characters', raw);
}
function parseRef(raw) {
    if (/\s/.test(raw) || _echo_js__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_CHARACTERS */ .nI.test(raw)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not contain whitespace or control characters', raw);
    }
    return raw;
}
/** A full or abbreviated git sha; the scanner records full lowercase ones. */
function parseCommit(raw) {
    if (/^[0-9a-f]{7,40}$/i.test(raw))
        return raw.toLowerCase();
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must be a git commit sha: 7 to 40 hexadecimal digits', raw);
}
function parseEmail(raw) {
    if (/^[^\s@]+@[^\s@]+$/.test(raw) && !_echo_js__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_CHARACTERS */ .nI.test(raw))
        return raw;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must be an e-mail address like security@example.com', raw);
}
/** The supplier URL only ends up in SBOM metadata, so any web URL will do. */
function parseWebUrl(raw) {
    const url = URL.canParse(raw) && !/\s/.test(raw) ? new URL(raw) : undefined;
    if (url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:'))
        return raw;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must be an http(s) URL like https://example.com', (0,_echo_js__WEBPACK_IMPORTED_MODULE_0__/* .withoutCredentials */ .ri)(raw));
}
/** The API the action talks to when `base-url` is not set. */
const DEFAULT_BASE_URL = 'https://semgrep.dev';
/**
 * The API origin plus an optional path prefix, without a trailing slash. Plain http would send the
 * token in clear text, so it is only allowed to this machine (local emulators and proxies).
 */
function parseBaseUrl(raw) {
    const shown = (0,_echo_js__WEBPACK_IMPORTED_MODULE_0__/* .withoutCredentials */ .ri)(raw);
    if (/\s/.test(raw) || _echo_js__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_CHARACTERS */ .nI.test(raw)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not contain whitespace or control characters', shown);
    }
    if (!URL.canParse(raw)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must be an absolute URL like https://semgrep.dev', shown);
    }
    const url = new URL(raw);
    if (url.username !== '' || url.password !== '') {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not contain credentials (user:password@); the token goes in api-token');
    }
    if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must use https (http only for localhost, 127.0.0.0/8 or [::1])', shown);
    }
    // `raw.includes` also catches a bare `?` or `#`, which URL normalises away.
    if (url.search !== '' || raw.includes('?')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not contain a query string', shown);
    }
    if (url.hash !== '' || raw.includes('#')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('must not contain a fragment (#…)', shown);
    }
    return url.origin + url.pathname.replace(/\/+$/, '');
}
function isLoopback(hostname) {
    // WHATWG URL has already normalised IPv4 forms like 127.1 to 127.0.0.1.
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
// --- lists ------------------------------------------------------------------------------------
/**
 * Split a list input on commas and/or newlines; entries are trimmed, empty ones dropped and
 * duplicates removed, keeping the first occurrence.
 */
function parseList(raw) {
    const entries = raw.split(/[,\r\n]/).map(entry => entry.trim());
    return unique(entries.filter(entry => entry !== ''));
}
function unique(values) {
    return [...new Set(values)];
}
/** Free-text entries (rule names): listOf has already rejected control characters. */
const anyText = (entry) => entry;
/** One SPDX license (`MIT`, `GPL-2.0+`, `LicenseRef-x`, `GPL-2.0-only WITH Classpath-exception-2.0`). */
const LICENSE_ID = /^(?:DocumentRef-[A-Za-z0-9.-]+:)?[A-Za-z0-9.-]+\+?(?:\s+(?:WITH|with)\s+[A-Za-z0-9.-]+)?$/;
/** A license list entry: one license, not an expression (its alternatives are separate entries). */
function parseLicenseId(entry) {
    if (LICENSE_ID.test(entry) && !/^(?:and|or|with)$/i.test(entry))
        return entry;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH('each entry must be one SPDX license id such as MIT or GPL-3.0-only (optionally "<id> WITH <exception>"), not an expression: list each license as its own entry', entry);
}
/**
 * A list field whose entries are free of control characters and each go through `parseEntry`;
 * every bad entry is reported, not just the first. The result is frozen and deduplicated after
 * normalisation (`SAST,sast` → `[sast]`).
 */
function listOf(parseEntry) {
    return raw => {
        const values = [];
        const errors = [];
        for (const entry of parseList(raw)) {
            try {
                values.push(parseEntry(parsePlainText(entry)));
            }
            catch (error) {
                errors.push(...(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .valueErrors */ .Bs)(error));
            }
        }
        if (errors.length > 0)
            throw new AggregateError(errors);
        return Object.freeze(unique(values));
    };
}
/** Wraps an enum parser so the message says it is about each entry of a list. */
function entryOf(parseValue, allowed) {
    return entry => {
        try {
            return parseValue(entry);
        }
        catch {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputValueError */ .uH(`each entry must be one of ${allowed}`, entry);
        }
    };
}


/***/ }),

/***/ 5338:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ coreRunner)
/* harmony export */ });
/* unused harmony export coreFlushed */
/* harmony import */ var _text_error_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6589);
/* harmony import */ var _text_log_text_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2489);
/**
 * The runner over @actions/core, the only module that imports it (a lint rule keeps it so).
 * Every log line goes through logText, so a server-supplied line can never start a workflow
 * command (see text/log-text.ts why). Annotations go to @actions/core as they are: it escapes
 * `%`, `\r` and `\n` in their message and `:` and `,` in their properties, so their text stays
 * one command line, and quoting its lines would only change what the annotation shows.
 *
 * @actions/core is loaded by import() once the run's first request is out (preload), not at start:
 * it loads undici through @actions/http-client, which came before the first request. What is said
 * before then waits, in order, so a mask still comes before any line it masks; should the run end
 * without a request, it is written when the event loop runs dry. Inputs are read from the
 * environment as `core.getInput` reads them, since they are needed before any request.
 */


let core;
let loading;
const waiting = [];
function loadCore() {
    loading ??= Promise.all(/* import() */[__nccwpck_require__.e(752), __nccwpck_require__.e(889)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1889)).then(loaded => {
        core = loaded;
        for (const call of waiting.splice(0))
            call(loaded);
        return loaded;
    }, (error) => {
        // Nothing can be reported through the runner: fail the step on stderr rather than pass.
        process.exitCode = 1;
        process.stderr.write(`Findings Gate could not load @actions/core: ${(0,_text_error_text_js__WEBPACK_IMPORTED_MODULE_0__/* .errorText */ .k)(error)}\n`);
        throw error;
    });
    return loading;
}
function withCore(call) {
    if (core) {
        call(core);
        return;
    }
    // A step failure or a mask must never be lost: if nothing has loaded core by the time there is
    // nothing else to do, that loads it ('beforeExit' lets a listener schedule more work).
    if (waiting.length === 0)
        process.once('beforeExit', () => void loadCore().catch(() => undefined));
    waiting.push(call);
}
/** Loads @actions/core if need be; resolves once everything said so far has reached it. */
function coreFlushed() {
    return loadCore().then(() => undefined, () => undefined);
}
/** `core.getInput(name)`: the runner hands inputs over as INPUT_<NAME> variables. */
function input(name) {
    return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}
const coreRunner = {
    getInput: input,
    info: message => withCore(c => c.info((0,_text_log_text_js__WEBPACK_IMPORTED_MODULE_1__/* .logText */ .kc)(message))),
    warning: message => withCore(c => c.warning((0,_text_log_text_js__WEBPACK_IMPORTED_MODULE_1__/* .logText */ .kc)(message))),
    annotation: (level, message, properties) => withCore(c => {
        if (level === 'error')
            c.error(message, properties);
        else if (level === 'warning')
            c.warning(message, properties);
        else
            c.notice(message, properties);
    }),
    setSecret: secret => withCore(c => c.setSecret(secret)),
    setOutput: (name, value) => withCore(c => c.setOutput(name, value)),
    appendSummary: async (markdown) => {
        const c = await loadCore();
        try {
            await c.summary.addRaw(markdown).write();
        }
        catch (error) {
            // The summary buffer is a process-wide singleton: drop what we added so a later write by
            // someone else does not carry our half-written report.
            c.summary.emptyBuffer();
            throw error;
        }
    },
    setFailed: message => withCore(c => c.setFailed((0,_text_log_text_js__WEBPACK_IMPORTED_MODULE_1__/* .logText */ .kc)(message))),
    preload: () => {
        loadCore().catch(() => undefined);
    }
};


/***/ }),

/***/ 6589:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ errorText)
/* harmony export */ });
/** The message of anything thrown: errors give their message, other values their string form. */
function errorText(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 2489:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   kc: () => (/* binding */ logText)
/* harmony export */ });
/* unused harmony export COMMAND_QUOTE */
/* harmony import */ var _plain_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(287);
/**
 * Text for the job log. Log messages quote the server (SBOM task tokens, error messages, project
 * and rule names, paths), and the runner reads every line of the log for workflow commands: a
 * quoted line break followed by `::add-mask::x` or `::stop-commands::t` would be obeyed.
 * @actions/core escapes line breaks in the `::error::`/`::warning::` text it writes, but `info`
 * writes text as it is, and none of it drops ANSI escapes. So the runner implementation over
 * @actions/core puts every message through {@link logText}.
 */

/** The runner trims leading whitespace, then looks for `::name` or the legacy `##[name`. */
const COMMAND_START = /^\s*(?:::|##\[)/;
/** Put before a line that would otherwise start a workflow command; visible, so it reads as a quote. */
const COMMAND_QUOTE = '> ';
/**
 * Text safe to write to the log: control characters (ANSI escapes, bidi overrides) dropped, every
 * line break made `\n`, and each line that would start a workflow command quoted.
 */
function logText(text) {
    return (0,_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .stripControl */ .kU)(text)
        .split('\n')
        .map(line => (COMMAND_START.test(line) ? COMMAND_QUOTE + line : line))
        .join('\n');
}
/** A server-provided value to quote inside a log message: one line, bounded. */
function quoted(value, maxChars = _plain_js__WEBPACK_IMPORTED_MODULE_0__/* .PARAGRAPH_CHARS */ .jg) {
    return (0,_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)((0,_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .truncate */ .xv)(value, maxChars));
}


/***/ }),

/***/ 287:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ck: () => (/* binding */ truncateUtf8),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   jg: () => (/* binding */ PARAGRAPH_CHARS),
/* harmony export */   kU: () => (/* binding */ stripControl),
/* harmony export */   wI: () => (/* binding */ utf8Length),
/* harmony export */   xv: () => (/* binding */ truncate)
/* harmony export */ });
/**
 * Bounding and cleaning of untrusted plain text, for every place that shows server text: the
 * gate's messages, the log and the reporters (which escape on top of this, see report/escape.ts).
 */
/** A paragraph or a quoted value in a message: enough to read, bounded against 1 MB messages. */
const PARAGRAPH_CHARS = 1_000;
const ELLIPSIS = '…';
/**
 * Cuts `text` to at most `maxChars` code points, ending with `…` when cut. Counting code points
 * (not UTF-16 units) means a surrogate pair is never split into a lone half.
 */
function truncate(text, maxChars) {
    if (maxChars <= 0)
        return '';
    // Fast path: the UTF-16 length is an upper bound of the code-point count.
    if (text.length <= maxChars)
        return text;
    // A window of 2 × maxChars UTF-16 units holds at least maxChars code points, so looking at it
    // alone is enough, which keeps a 1 MB message cheap to cut.
    const window = text.slice(0, maxChars * 2);
    const points = Array.from(window);
    if (window.length === text.length && points.length <= maxChars)
        return text;
    return points.slice(0, maxChars - 1).join('') + ELLIPSIS;
}
/** UTF-8 size of a string. */
function utf8Length(text) {
    return Buffer.byteLength(text, 'utf8');
}
/**
 * The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes, never ending in the middle of
 * a multi-byte character (iterating code points keeps surrogate pairs whole).
 */
function truncateUtf8(text, maxBytes) {
    if (utf8Length(text) <= maxBytes)
        return text;
    let bytes = 0;
    let end = 0;
    for (const ch of text) {
        const size = utf8Length(ch);
        if (bytes + size > maxBytes)
            break;
        bytes += size;
        end += ch.length;
    }
    return text.slice(0, end);
}
/**
 * C0 and C1 control characters other than tab and line feed, plus the bidi overrides that can
 * make a path or a rule name read differently from what it is ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Normalises line breaks to `\n` (Unicode line/paragraph separators too) and drops control characters. */
function stripControl(text) {
    return text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(CONTROL, '');
}
/**
 * What oneLine would change (control characters, line breaks, whitespace other than a single
 * space, leading or trailing spaces): text without any is returned as it is, without the four
 * passes over it.
 */
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[^\S ]|[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]| {2}|^ | $/;
/** One line: every run of whitespace, line breaks included, becomes one space. */
function oneLine(text) {
    if (!NOT_ONE_LINE.test(text))
        return text;
    return stripControl(text).replace(/\s+/g, ' ').trim();
}


/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 6466:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 9783:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ getProxyUrl)
/* harmony export */ });
/* unused harmony export checkBypass */
function getProxyUrl(reqUrl) {
    const usingSsl = reqUrl.protocol === 'https:';
    if (checkBypass(reqUrl)) {
        return undefined;
    }
    const proxyVar = (() => {
        if (usingSsl) {
            return process.env['https_proxy'] || process.env['HTTPS_PROXY'];
        }
        else {
            return process.env['http_proxy'] || process.env['HTTP_PROXY'];
        }
    })();
    if (proxyVar) {
        try {
            return new DecodedURL(proxyVar);
        }
        catch (_a) {
            if (!proxyVar.startsWith('http://') && !proxyVar.startsWith('https://'))
                return new DecodedURL(`http://${proxyVar}`);
        }
    }
    else {
        return undefined;
    }
}
function checkBypass(reqUrl) {
    if (!reqUrl.hostname) {
        return false;
    }
    const reqHost = reqUrl.hostname;
    if (isLoopbackAddress(reqHost)) {
        return true;
    }
    const noProxy = process.env['no_proxy'] || process.env['NO_PROXY'] || '';
    if (!noProxy) {
        return false;
    }
    // Determine the request port
    let reqPort;
    if (reqUrl.port) {
        reqPort = Number(reqUrl.port);
    }
    else if (reqUrl.protocol === 'http:') {
        reqPort = 80;
    }
    else if (reqUrl.protocol === 'https:') {
        reqPort = 443;
    }
    // Format the request hostname and hostname with port
    const upperReqHosts = [reqUrl.hostname.toUpperCase()];
    if (typeof reqPort === 'number') {
        upperReqHosts.push(`${upperReqHosts[0]}:${reqPort}`);
    }
    // Compare request host against noproxy
    for (const upperNoProxyItem of noProxy
        .split(',')
        .map(x => x.trim().toUpperCase())
        .filter(x => x)) {
        if (upperNoProxyItem === '*' ||
            upperReqHosts.some(x => x === upperNoProxyItem ||
                x.endsWith(`.${upperNoProxyItem}`) ||
                (upperNoProxyItem.startsWith('.') &&
                    x.endsWith(`${upperNoProxyItem}`)))) {
            return true;
        }
    }
    return false;
}
function isLoopbackAddress(host) {
    const hostLower = host.toLowerCase();
    return (hostLower === 'localhost' ||
        hostLower.startsWith('127.') ||
        hostLower.startsWith('[::1]') ||
        hostLower.startsWith('[0:0:0:0:0:0:0:1]'));
}
class DecodedURL extends URL {
    constructor(url, base) {
        super(url, base);
        this._decodedUsername = decodeURIComponent(super.username);
        this._decodedPassword = decodeURIComponent(super.password);
    }
    get username() {
        return this._decodedUsername;
    }
    get password() {
        return this._decodedPassword;
    }
}
//# sourceMappingURL=proxy.js.map

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(9407);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 

//# sourceMappingURL=index.js.map