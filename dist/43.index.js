export const id = 43;
export const ids = [43];
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


/***/ })

};

//# sourceMappingURL=43.index.js.map