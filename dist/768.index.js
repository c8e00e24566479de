export const id = 768;
export const ids = [768];
export const modules = {

/***/ 3768:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseIgnoreFile: () => (/* binding */ parseIgnoreFile)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9691);
/* harmony import */ var _ignore_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2889);
/* harmony import */ var _ignore_matcher_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3286);




/*
 * Reading an ignore file: a module of its own, loaded only when an ignore-file is configured, so
 * that every other run does not pay for loading a YAML parser.
 */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const EXPIRES_FORMAT = 'must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone';
const Entry = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    rule: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().trim().min(1).optional(),
    id: zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive(), zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().regex(/^\d+$/).transform(Number)])
        .optional(),
    path: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().trim().min(1).optional(),
    reason: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP({ error: 'reason is required' }).trim().min(1, 'reason is required'),
    // Parsed with the core schema, so an unquoted 2026-12-31 stays the text that was written.
    expires: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP({ error: EXPIRES_FORMAT }).optional()
})
    .strict()
    .refine(entry => entry.rule !== undefined || entry.id !== undefined || entry.path !== undefined, {
    message: 'give at least one of rule, id, path'
});
const IgnoreDocument = zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J()), zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ ignores: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J()) })]);
/** Date.parse rolls 2026-02-30 over to 2 March; a typo must not move an expiry. */
function isCalendarDate(text) {
    const match = DATE_PREFIX.exec(text);
    if (!match)
        return false;
    const [year, month, day] = match.slice(1).map(Number);
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}
/** A date-only expiry covers that whole day (UTC); a timestamp needs a zone to be unambiguous. */
function expiryOf(raw) {
    const text = raw.trim();
    const dateOnly = DATE_ONLY.test(text);
    if (!dateOnly && !/(Z|[+-]\d{2}:?\d{2})$/i.test(text))
        return `expires "${text}" must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone`;
    if (!dateOnly && !TIMESTAMP.test(text))
        return `expires "${text}" is not a valid date`;
    if (!isCalendarDate(text))
        return `expires "${text}" is not a real calendar date`;
    const at = Date.parse(dateOnly ? `${text}T23:59:59.999Z` : text);
    return Number.isNaN(at) ? `expires "${text}" is not a valid date` : { at, text };
}
function describe(entry) {
    const parts = [];
    if (entry.rule !== undefined)
        parts.push(`rule ${entry.rule}`);
    if (entry.id !== undefined)
        parts.push(`id ${entry.id}`);
    if (entry.path !== undefined)
        parts.push(`path ${entry.path}`);
    return parts.join(', ');
}
/** Parses the text of an ignore file (YAML, which JSON is a subset of). Throws IgnoreFileError. */
function parseIgnoreFile(text, file) {
    let document;
    try {
        // The core schema, whatever a %YAML 1.1 header asks: 1.1 timestamps would turn expires
        // into a Date that rolls invalid days over and reads zone-less times as UTC.
        document = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text, { schema: 'core' });
    }
    catch (error) {
        throw new _ignore_js__WEBPACK_IMPORTED_MODULE_1__/* .IgnoreFileError */ .d(file, [
            `not valid YAML or JSON (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
        ]);
    }
    if (document === null || document === undefined)
        return [];
    const shape = IgnoreDocument.safeParse(document);
    if (!shape.success)
        throw new _ignore_js__WEBPACK_IMPORTED_MODULE_1__/* .IgnoreFileError */ .d(file, [
            'expected a list of entries, or an object with an "ignores" list'
        ]);
    const raw = Array.isArray(shape.data) ? shape.data : shape.data.ignores;
    const problems = [];
    const entries = [];
    raw.forEach((item, index) => {
        const parsed = Entry.safeParse(item);
        if (!parsed.success) {
            for (const issue of parsed.error.issues) {
                const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
                const message = issue.code === 'unrecognized_keys'
                    ? `unknown key(s) ${issue.keys.join(', ')}; allowed: rule, id, path, reason, expires`
                    : issue.message;
                problems.push(`entry ${index + 1}: ${field}${message}`);
            }
            return;
        }
        const { expires, ...selectors } = parsed.data;
        if (expires === undefined && (0,_ignore_matcher_js__WEBPACK_IMPORTED_MODULE_3__/* .matchesEveryFinding */ .i)(selectors)) {
            problems.push(`entry ${index + 1} (${describe(selectors)}): matches every finding, so it needs expires (YYYY-MM-DD); an exemption of everything must end`);
            return;
        }
        const expiry = expires === undefined ? undefined : expiryOf(expires);
        if (typeof expiry === 'string') {
            problems.push(`entry ${index + 1}: ${expiry}`);
            return;
        }
        entries.push({
            ...selectors,
            ...(expiry ? { expiresAt: expiry.at, expires: expiry.text } : {}),
            description: describe(selectors)
        });
    });
    if (problems.length > 0)
        throw new _ignore_js__WEBPACK_IMPORTED_MODULE_1__/* .IgnoreFileError */ .d(file, problems);
    return entries;
}


/***/ })

};

//# sourceMappingURL=768.index.js.map