export const id = 768;
export const ids = [768,286];
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
/** CVE-2021-44228, GHSA-jfh8-c2jp-5v3q: the ids the platform gives in vulnerability_identifier. */
const VULNERABILITY_ID = /^(?:CVE-\d{4}-\d{4,}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})$/i;
const KEYS = 'rule, id, path, vulnerability, package, version, reason, expires';
/** Text only: YAML reads an unquoted 1.20 as the number 1.2, which is another version. */
const quotedText = (key) => zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP({
    error: `${key} must be text; quote it ("1.20.0"): YAML reads 1.20 as the number 1.2`
})
    .trim()
    .min(1);
const Entry = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    rule: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().trim().min(1).optional(),
    id: zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive(), zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().regex(/^\d+$/).transform(Number)])
        .optional(),
    path: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().trim().min(1).optional(),
    vulnerability: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()
        .trim()
        .regex(VULNERABILITY_ID, 'must be a CVE or GHSA id, e.g. CVE-2021-44228 or GHSA-jfh8-c2jp-5v3q')
        .optional(),
    package: quotedText('package').optional(),
    version: quotedText('version').optional(),
    reason: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP({ error: 'reason is required' }).trim().min(1, 'reason is required'),
    // Parsed with the core schema, so an unquoted 2026-12-31 stays the text that was written.
    expires: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP({ error: EXPIRES_FORMAT }).optional()
})
    .strict()
    .refine(entry => entry.rule !== undefined ||
    entry.id !== undefined ||
    entry.path !== undefined ||
    entry.vulnerability !== undefined ||
    entry.package !== undefined, { message: 'give at least one of rule, id, path, vulnerability, package' })
    .refine(entry => entry.version === undefined || entry.package !== undefined, {
    message: 'version needs package: it names a version of that package'
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
    if (entry.vulnerability !== undefined)
        parts.push(`vulnerability ${entry.vulnerability}`);
    if (entry.package !== undefined) {
        parts.push(`package ${entry.package}${entry.version === undefined ? '' : `@${entry.version}`}`);
    }
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
                    ? `unknown key(s) ${issue.keys.join(', ')}; allowed: ${KEYS}`
                    : issue.message;
                problems.push(`entry ${index + 1}: ${field}${message}`);
            }
            return;
        }
        const { expires, ...selectors } = parsed.data;
        if (expires === undefined && (0,_ignore_matcher_js__WEBPACK_IMPORTED_MODULE_3__.matchesEveryFinding)(selectors)) {
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


/***/ }),

/***/ 3286:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   buildIgnoreMatcher: () => (/* binding */ buildIgnoreMatcher),
/* harmony export */   matchesEveryFinding: () => (/* binding */ matchesEveryFinding)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4006);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_0__);

/** Glob matching of rule names and paths; `**` crosses folders, dotfiles included. */
function globMatcher(pattern) {
    return picomatch__WEBPACK_IMPORTED_MODULE_0___default()(pattern, { dot: true });
}
// Probes standing for "any finding": a glob that matches all of them is taken to match
// everything (`*`, `**`, `**/*`, `*/**`, `{*,**}`…). Path probes all sit in folders, because a
// glob that spares only top-level files still exempts nearly every finding.
const RULE_PROBES = [
    'python.lang.security.audit.eval-detected',
    'javascript.express.security.x_y',
    'ssc-0a1b2c3d',
    'r'
];
const PATH_PROBES = [
    'src/app.py',
    '.github/workflows/ci.yml',
    'docker/Dockerfile',
    'a/b/c/d/e/f.test.tsx',
    'node_modules/@scope/pkg/index.js',
    'config/.env',
    'src/with space/ü.go'
];
/**
 * True when the entry selects every finding: no id, vulnerability or package (each names one
 * thing), and each glob it gives matches anything.
 */
function matchesEveryFinding(entry) {
    if (entry.id !== undefined || entry.vulnerability !== undefined || entry.package !== undefined) {
        return false;
    }
    if (entry.rule === undefined && entry.path === undefined)
        return false;
    const all = (pattern, probes) => {
        if (pattern === undefined)
            return true;
        const test = globMatcher(pattern);
        return probes.every(probe => test(probe));
    };
    return all(entry.rule, RULE_PROBES) && all(entry.path, PATH_PROBES);
}
/**
 * A glob test that remembers its answers: rule names and paths repeat across thousands of
 * findings, and a Map lookup is cheaper than running the glob's regular expression again.
 */
function rememberedMatcher(pattern) {
    const test = globMatcher(pattern);
    const answers = new Map();
    return value => {
        let answer = answers.get(value);
        if (answer === undefined) {
            answer = test(value);
            answers.set(value, answer);
        }
        return answer;
    };
}
const NO_MATCH = () => undefined;
const same = (a, b) => a !== undefined && a.toLowerCase() === b.toLowerCase();
function isLicenseViolation(subject) {
    return 'judgement' in subject;
}
/** The SCA selectors: a vulnerability id, a package and its version. */
function matchesSca(entry, finding) {
    if (entry.vulnerability === undefined && entry.package === undefined)
        return true;
    if (finding.type !== 'sca')
        return false;
    if (entry.vulnerability !== undefined && !same(finding.vulnerabilityId, entry.vulnerability)) {
        return false;
    }
    return entry.package === undefined || matchesPackage(entry, finding.dependency);
}
function matchesPackage(entry, dependency) {
    if (entry.package === undefined || dependency === undefined)
        return false;
    if (!same(dependency.package, entry.package))
        return false;
    return entry.version === undefined || dependency.version === entry.version;
}
/** A license violation has a package and a version only: entries that select by nothing else. */
function matchesLicense(entry, violation) {
    const other = entry.rule ?? entry.id ?? entry.path ?? entry.vulnerability;
    return (other === undefined &&
        matchesPackage(entry, { package: violation.package, version: violation.version }));
}
function buildIgnoreMatcher(entries, ignoreRules, now) {
    const active = entries.filter(entry => entry.expiresAt === undefined || entry.expiresAt >= now.getTime());
    const expired = entries
        .filter(entry => entry.expiresAt !== undefined && entry.expiresAt < now.getTime())
        .map(entry => ({ description: entry.description, expires: entry.expires ?? '' }));
    // Nothing to match (the common case): no per-finding work at all.
    if (active.length === 0 && ignoreRules.length === 0)
        return { expired, match: NO_MATCH };
    const compiled = active.map(entry => ({
        entry,
        rule: entry.rule === undefined ? undefined : rememberedMatcher(entry.rule),
        path: entry.path === undefined ? undefined : rememberedMatcher(entry.path),
        matched: { reason: entry.reason, source: entry.description }
    }));
    const ruleMatchers = ignoreRules.map(rule => ({ rule, test: globMatcher(rule) }));
    // ignore-rules select by rule name alone: one answer per distinct name.
    const byRuleName = new Map();
    const matchRule = (ruleName) => {
        let known = byRuleName.get(ruleName);
        if (known === undefined) {
            const byRule = ruleMatchers.find(matcher => matcher.test(ruleName));
            known = byRule
                ? { reason: 'listed in ignore-rules', source: `ignore-rules: ${byRule.rule}` }
                : null;
            byRuleName.set(ruleName, known);
        }
        return known ?? undefined;
    };
    const matchLicense = (violation) => compiled.find(({ entry }) => matchesLicense(entry, violation))?.matched;
    return {
        expired,
        match: subject => {
            if (isLicenseViolation(subject))
                return matchLicense(subject);
            const finding = subject;
            for (const { entry, rule, path, matched } of compiled) {
                if (entry.id !== undefined && entry.id !== finding.id)
                    continue;
                // Secrets are numbered apart from SAST and SCA: an id alone, written for one of those,
                // must not exempt a live secret that happens to share it.
                if (entry.id !== undefined && finding.type === 'secrets' && !rule)
                    continue;
                if (rule && !rule(finding.ruleName))
                    continue;
                if (path && !(finding.location?.path !== undefined && path(finding.location.path)))
                    continue;
                if (!matchesSca(entry, finding))
                    continue;
                return matched;
            }
            return ruleMatchers.length === 0 ? undefined : matchRule(finding.ruleName);
        }
    };
}


/***/ })

};

//# sourceMappingURL=768.index.js.map