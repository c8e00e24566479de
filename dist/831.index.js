export const id = 831;
export const ids = [831];
export const modules = {

/***/ 207:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ transitivityOf)
/* harmony export */ });
/** The transitivity as the gate reads it: the server's spelling (`direct`, `DIRECT`) or unknown. */
function transitivityOf(finding) {
    const spelled = finding.dependency?.transitivity?.toLowerCase();
    return spelled === 'direct' || spelled === 'transitive' ? spelled : 'unknown';
}


/***/ }),

/***/ 6412:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B4: () => (/* binding */ formatCount),
/* harmony export */   FV: () => (/* binding */ escapeMarkdown),
/* harmony export */   L0: () => (/* binding */ annotationMessage),
/* harmony export */   LL: () => (/* binding */ annotationProperty),
/* harmony export */   aY: () => (/* binding */ code),
/* harmony export */   b1: () => (/* binding */ LIMITS),
/* harmony export */   kq: () => (/* binding */ escapeCell),
/* harmony export */   nf: () => (/* binding */ link)
/* harmony export */ });
/* unused harmony export safeUrl */
/* harmony import */ var _text_plain_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(287);
/**
 * Escaping and bounding of untrusted text for the reporters.
 *
 * Everything that comes from the findings API (rule names and messages, paths, package names,
 * tags, ticket errors) or from the user's ignore file is hostile: it may hold Markdown or HTML
 * that would restyle the summary, `@mentions` that would notify people from a PR comment,
 * workflow-command syntax (`::error::`) or newlines meant to forge log commands, and it may be
 * huge (rule messages of 1 MB have been seen). Each helper here bounds first, then escapes, so
 * the escaped output is bounded too (at most a small constant factor larger).
 */

/** Default bounds, in characters (code points), before escaping. */
const LIMITS = {
    /** A table cell: enough for a rule name or a path, short enough to keep a row on one line. */
    cell: 300,
    /** A rule message shown in a table. */
    cellMessage: 200,
    /** A paragraph or list item. */
    text: _text_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .PARAGRAPH_CHARS */ .jg,
    /** An annotation title (shown on one line). */
    annotationTitle: 255,
    /** An annotation message. */
    annotationMessage: 4_000,
    /** A path in an annotation property. */
    annotationFile: 1_000
};
/**
 * Whatever any replacement of escapeMarkdownLine would change (a superset: a leading digit may
 * not start an ordered-list marker).
 */
const NEEDS_ESCAPING = /[\\`*_[\]|~:&<>"@]|www\.|^[\d#+\-=]/i;
/**
 * Markdown-escapes one line of text for GitHub-flavoured Markdown.
 *
 * - `&`, `<`, `>`, `"` become entities, so no HTML tag, comment or entity from the data survives.
 * - The punctuation that has inline meaning is backslash-escaped (CommonMark allows escaping any
 *   ASCII punctuation): emphasis `*` `_`, code `` ` ``, links `[` `]`, tables `|`,
 *   strike-through `~`, and `:` (and the dot of `www.`) so that neither `https://…` nor
 *   `www.…` autolinks (phishing links from a rule message) nor `:emoji:` nor `::command::`
 *   are recognised.
 * - A leading block marker (`#`, `-`, `+`, `=`, `1.`) is escaped, so the text cannot turn the
 *   list item or paragraph it is put in into a heading or a nested list.
 * - `@` is followed by a zero-width space, so `@user` and `@org/team` mention nobody (the same
 *   trick Renovate uses in its PR bodies).
 */
function escapeMarkdownLine(line) {
    // Most rule names and many messages have nothing to escape: one test instead of nine passes.
    if (!NEEDS_ESCAPING.test(line))
        return line;
    return line
        .replace(/[\\`*_[\]|~:]/g, ch => `\\${ch}`)
        .replace(/\b(www)\./gi, '$1\\.')
        .replace(/^(\d+)([.)])/, '$1\\$2')
        .replace(/^([#+\-=])/, '\\$1')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/@/g, '@&#8203;');
}
/** Escapes untrusted text for a Markdown paragraph or list item, on one line, bounded. */
function escapeMarkdown(text, maxChars = LIMITS.text) {
    // Bound before anything else: a 1 MB message must not be scanned by every regex below.
    return escapeMarkdownLine((0,_text_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)((0,_text_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .truncate */ .xv)(text, maxChars)));
}
/**
 * Escapes untrusted text for a GFM table cell: one line (a line break would end the row) and the
 * `|` escaped (done by escapeMarkdownLine), bounded. An empty value becomes `—` so the
 * column stays visible.
 */
function escapeCell(text, maxChars = LIMITS.cell) {
    const escaped = escapeMarkdown(text, maxChars);
    return escaped === '' ? '—' : escaped;
}
/**
 * Escaped text shown as code. A Markdown code span cannot hold an arbitrary string (backticks
 * inside it cannot be escaped), so this uses `<code>` with escaped content instead; Markdown
 * inside inline HTML is still parsed, which the escaping neutralises.
 */
function code(text, maxChars = LIMITS.cell) {
    const escaped = escapeMarkdown(text, maxChars);
    return escaped === '' ? '—' : `<code>${escaped}</code>`;
}
/**
 * A URL safe to put in a Markdown link destination, or undefined. Only http(s) URLs pass (no
 * `javascript:` or `data:`), and the characters that could end the destination or the table
 * cell are percent-encoded.
 */
function safeUrl(raw) {
    if (raw === undefined || raw.length > 4_096)
        return undefined;
    let url;
    try {
        url = new URL(raw);
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return undefined;
    return url.href.replace(/[()|<>\s"'`\\]/g, ch => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
/** `[label](url)` when the URL is safe, else just the (already escaped) label. */
function link(escapedLabel, rawUrl) {
    const url = safeUrl(rawUrl);
    return url === undefined ? escapedLabel : `[${escapedLabel}](${url})`;
}
/**
 * Text for an annotation message. @actions/core already escapes `%`, `\r` and `\n` in the
 * message (and also `:` and `,` in properties), which is what stops a newline from starting a
 * new `::command::` line; this adds the bound and drops control characters, so the message is
 * also readable. Line feeds are kept: a multi-line rule message is shown as such by GitHub.
 */
function annotationMessage(text, maxChars = LIMITS.annotationMessage) {
    return (0,_text_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .stripControl */ .kU)((0,_text_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .truncate */ .xv)(text, maxChars)).trim();
}
/** Text for an annotation property (title, file): one line, bounded. */
function annotationProperty(text, maxChars = LIMITS.annotationTitle) {
    return (0,_text_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)((0,_text_plain_js__WEBPACK_IMPORTED_MODULE_0__/* .truncate */ .xv)(text, maxChars));
}
/** `12345` → `12,345`: the thousands separator reads better in notes. */
/** `60000` → `60,000`; without toLocaleString, whose first call loads locale data (~10 ms). */
function formatCount(n) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}


/***/ }),

/***/ 7923:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   Xc: () => (/* binding */ fixText),
/* harmony export */   fN: () => (/* binding */ locationText),
/* harmony export */   hi: () => (/* binding */ epssText),
/* harmony export */   tr: () => (/* binding */ dependencyText),
/* harmony export */   uV: () => (/* binding */ reasonText),
/* harmony export */   zR: () => (/* binding */ modeText),
/* harmony export */   zT: () => (/* binding */ reasonsText)
/* harmony export */ });
/* harmony import */ var _domain_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9375);
/**
 * Plain-text descriptions shared by the reporters, so the summary, the annotations, the SARIF
 * file and the JSON report say the same thing in the same words. Nothing here is escaped: each
 * reporter escapes for its own medium.
 */

function reasonText(reason) {
    switch (reason.kind) {
        case 'severity':
            return `severity ${reason.severity} ≥ ${reason.threshold}`;
        case 'policy-mode':
            return `policy mode ${reason.mode} ≥ ${reason.threshold}`;
        case 'malicious':
            return 'malicious dependency';
        case 'epss':
            return `EPSS ${epssText(reason.score)} ≥ ${epssText(reason.threshold)}`;
        case 'secret':
            return `secret ${(0,_domain_js__WEBPACK_IMPORTED_MODULE_0__/* .validationStateText */ .cH)(reason.validationState)}`;
    }
}
function reasonsText(reasons) {
    return reasons.map(reasonText).join('; ');
}
/** SAST: the rule's policy mode; SCA: the reachability, and `malicious` when it is. */
function modeText(evaluated) {
    const { finding } = evaluated;
    if (finding.type === 'sca') {
        const exposure = finding.reachability.replace(/_/g, ' ');
        return finding.malicious ? `${exposure}, malicious` : exposure;
    }
    if (finding.type === 'secrets') {
        return `${(0,_domain_js__WEBPACK_IMPORTED_MODULE_0__/* .validationStateText */ .cH)(finding.validationState)}, mode ${finding.mode}`;
    }
    if (evaluated.mode === undefined)
        return '';
    return evaluated.mode === 'not-fetched' ? 'not fetched' : evaluated.mode;
}
/** `path:line` (or just the path) of a location. */
function locationText(location) {
    if (location === undefined)
        return '';
    return location.line === undefined ? location.path : `${location.path}:${location.line}`;
}
/** An EPSS probability in three significant digits: 0.976, 0.012, 0.00045. */
function epssText(score) {
    return String(Number(score.toPrecision(3)));
}
/**
 * The fixed versions of an SCA finding as the reports show them: the recommended versions, or
 * `no fix`; empty for other findings.
 */
function fixText(finding) {
    if (finding.type !== 'sca')
        return '';
    return finding.fixVersions.length === 0 ? 'no fix' : finding.fixVersions.join(', ');
}
/** `package@version` of an SCA finding's dependency, when known. */
function dependencyText(finding) {
    if (finding.type !== 'sca' || finding.dependency === undefined)
        return '';
    return `${finding.dependency.package}@${finding.dependency.version}`;
}
/** `1 finding`, `2 findings`. */
function plural(count, singular, pluralForm = `${singular}s`) {
    return count === 1 ? singular : pluralForm;
}


/***/ }),

/***/ 5437:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  JO: () => (/* binding */ COMMENT_MARKER),
  Gc: () => (/* binding */ renderMarkdown)
});

// UNUSED EXPORTS: ROW_CAP, buildSections, verdictLine

// EXTERNAL MODULE: ./src/time/duration.ts
var duration = __webpack_require__(2061);
// EXTERNAL MODULE: ./src/domain.ts
var domain = __webpack_require__(9375);
// EXTERNAL MODULE: ./src/gate/licenses.ts + 1 modules
var gate_licenses = __webpack_require__(6912);
// EXTERNAL MODULE: ./src/report/escape.ts
var report_escape = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/text/plain.ts
var plain = __webpack_require__(287);
;// CONCATENATED MODULE: ./src/report/fit.ts
/**
 * Fitting a Markdown document into a byte budget by dropping whole list items (table rows,
 * bullet items) from the end of the largest lists, with a note saying how many were left out.
 *
 * The job summary is capped at 1 MiB by the runner and a PR comment at 65,536 characters; a run
 * with tens of thousands of findings must still produce a valid document rather than an error
 * (dependency-review-action's oversized summaries used to abort jobs).
 */


/** Sections are separated by one blank line. */
const SEPARATOR = '\n';
function textSection(text) {
    return { head: text, items: [], tail: '' };
}
function renderSection(section, kept) {
    const dropped = section.items.length - kept + (section.hidden ?? 0);
    const note = dropped > 0 && section.truncationNote ? section.truncationNote(dropped) : '';
    return section.head + section.items.slice(0, kept).join('') + note + section.tail;
}
/** A section with every item kept, given its items already joined. */
function renderJoined(section, items) {
    const hidden = section.hidden ?? 0;
    const note = hidden > 0 && section.truncationNote ? section.truncationNote(hidden) : '';
    return section.head + items + note + section.tail;
}
function render(sections, kept) {
    return sections.map((s, i) => renderSection(s, kept[i] ?? s.items.length)).join(SEPARATOR);
}
function sum(values) {
    return values.reduce((a, b) => a + b, 0);
}
/**
 * Renders the sections in at most `maxBytes` UTF-8 bytes. Items are dropped one at a time from
 * the end of whichever truncatable section is largest at that moment, so one huge table shrinks
 * first and small ones keep their rows. Sizes are tracked arithmetically, so 30,000 rows cost
 * one pass, not one render per dropped row.
 */
function fitSections(sections, maxBytes) {
    // The note of a section is reserved at its largest (all items dropped) the first time the
    // section loses an item, so the real note, printed with a smaller count, always fits.
    const noteReserve = sections.map(s => s.truncationNote ? (0,plain/* utf8Length */.wI)(s.truncationNote(s.items.length + (s.hidden ?? 0))) : 0);
    const hasHidden = (s) => (s.hidden ?? 0) > 0;
    const fixed = sum(sections.map(s => (0,plain/* utf8Length */.wI)(s.head) + (0,plain/* utf8Length */.wI)(s.tail))) +
        sum(sections.map((s, i) => (hasHidden(s) ? (noteReserve[i] ?? 0) : 0))) +
        SEPARATOR.length * Math.max(0, sections.length - 1);
    // Usually everything fits: then one size per section is enough, not one per item. (Items end
    // with a line feed, so the size of the joined items is the sum of their sizes.)
    const joined = sections.map(s => s.items.join(''));
    if (fixed + sum(joined.map(plain/* utf8Length */.wI)) <= maxBytes) {
        const whole = sections.map((s, i) => renderJoined(s, joined[i] ?? '')).join(SEPARATOR);
        return (0,plain/* utf8Length */.wI)(whole) <= maxBytes ? whole : hardCut(whole, maxBytes);
    }
    const rowBytes = sections.map(s => s.items.map(plain/* utf8Length */.wI));
    const keptBytes = rowBytes.map(sum);
    const kept = sections.map(s => s.items.length);
    let total = fixed + sum(keptBytes);
    while (total > maxBytes) {
        const victim = largestTruncatable(sections, kept, keptBytes);
        if (victim < 0)
            break;
        const section = sections[victim];
        if (kept[victim] === section.items.length && !hasHidden(section))
            total += noteReserve[victim] ?? 0;
        const index = (kept[victim] ?? 0) - 1;
        const bytes = rowBytes[victim]?.[index] ?? 0;
        kept[victim] = index;
        keptBytes[victim] = (keptBytes[victim] ?? 0) - bytes;
        total -= bytes;
    }
    const markdown = render(sections, kept);
    return (0,plain/* utf8Length */.wI)(markdown) <= maxBytes ? markdown : hardCut(markdown, maxBytes);
}
function largestTruncatable(sections, kept, keptBytes) {
    let best = -1;
    sections.forEach((section, i) => {
        if (!section.truncationNote || (kept[i] ?? 0) === 0)
            return;
        if (best < 0 || (keptBytes[i] ?? 0) > (keptBytes[best] ?? 0))
            best = i;
    });
    return best;
}
/**
 * Last resort, when even the fixed parts do not fit (a tiny budget): keep whole lines up to the
 * budget and say so. Below the size of the note itself, cut at a character boundary.
 */
function hardCut(markdown, maxBytes) {
    const note = `\n_Truncated: the report exceeded ${(0,report_escape/* formatCount */.B4)(maxBytes)} bytes._\n`;
    const budget = maxBytes - (0,plain/* utf8Length */.wI)(note);
    if (budget <= 0)
        return (0,plain/* truncateUtf8 */.Ck)(markdown, maxBytes);
    const prefix = (0,plain/* truncateUtf8 */.Ck)(markdown, budget);
    const lastLine = prefix.lastIndexOf('\n');
    return (lastLine >= 0 ? prefix.slice(0, lastLine + 1) : prefix) + note;
}

// EXTERNAL MODULE: ./src/report/labels.ts
var labels = __webpack_require__(7923);
// EXTERNAL MODULE: ./src/gate/transitivity.ts
var gate_transitivity = __webpack_require__(207);
;// CONCATENATED MODULE: ./src/report/markdown-tables.ts
/**
 * The findings tables of the Markdown report: blocking, licenses, secrets, non-blocking, ignored,
 * and the ignore entries. Each is a truncatable Section (fit.ts) of at most ROW_CAP rows.
 */





function truncationNote(noun, nounPlural) {
    return dropped => `\n_Truncated: ${(0,report_escape/* formatCount */.B4)(dropped)} more ${(0,labels/* plural */.LS)(dropped, noun, nounPlural)} not shown — see the JSON report (\`report-file\`)._\n`;
}
/**
 * Rows rendered per table at most. Nobody reads further in a job summary (the JSON report has
 * every finding), and rendering 60,000 rows only to drop most of them to fit 1 MiB would cost
 * more time and memory than fetching them.
 */
const ROW_CAP = 1000;
/** The first ROW_CAP items rendered by `row`, and how many were not rendered. */
function capped(items, row) {
    const shown = items.length > ROW_CAP ? items.slice(0, ROW_CAP) : items;
    return { items: shown.map(row), hidden: items.length - shown.length };
}
function table(title, columns, rows, noun, nounPlural) {
    return {
        head: `${title}\n\n| ${columns.join(' | ')} |\n|${columns.map(() => ' --- |').join('')}\n`,
        ...rows,
        tail: '',
        truncationNote: truncationNote(noun, nounPlural)
    };
}
function heading(text, count) {
    return `### ${text} (${(0,report_escape/* formatCount */.B4)(count)})`;
}
/**
 * Rule name, for SCA the dependency and the vulnerability id, and the message in small print
 * under them: one column instead of two keeps the table inside the summary pane.
 */
function ruleCell(evaluated, withMessage = false) {
    const { finding } = evaluated;
    const rule = (0,report_escape/* code */.aY)(finding.ruleName);
    const extra = finding.type === 'sca'
        ? [(0,labels/* dependencyText */.tr)(finding), finding.vulnerabilityId ?? '']
            .filter(s => s !== '')
            .map(s => (0,report_escape/* code */.aY)(s, 200))
        : [];
    // What fail-on-transitivities reads, beside the dependency it is about.
    const transitivity = finding.type === 'sca' ? (0,gate_transitivity/* transitivityOf */.W)(finding) : 'unknown';
    if (transitivity !== 'unknown')
        extra.push(transitivity);
    const head = extra.length > 0 ? `${rule}<br>${extra.join(' ')}` : rule;
    const message = withMessage ? (0,report_escape/* escapeCell */.kq)(finding.ruleMessage, report_escape/* LIMITS */.b1.cellMessage) : '';
    return message === '' ? head : `${head}<br><sub>${message}</sub>`;
}
/** `file:line` linked to the line in the code host when the server gave a link. */
function locationCell(evaluated) {
    const { finding } = evaluated;
    const where = (0,labels/* locationText */.fN)(finding.location);
    if (where === '')
        return finding.url ? (0,report_escape/* link */.nf)('view', finding.url) : '—';
    return (0,report_escape/* link */.nf)((0,report_escape/* escapeCell */.kq)(where), finding.url);
}
/** Why it blocks, with the rule's mode or the dependency's exposure, which a reason may not name. */
function whyCell(evaluated) {
    const mode = (0,labels/* modeText */.zR)(evaluated);
    const shown = mode === '' ? '' : evaluated.finding.type === 'sast' ? ` (mode ${mode})` : ` (${mode})`;
    return (0,report_escape/* escapeCell */.kq)(`${(0,labels/* reasonsText */.zT)(evaluated.reasons)}${shown}`);
}
/** Fixed versions shown in a cell at most; the JSON report has them all. */
const FIXES_SHOWN = 3;
/** An SCA finding's fixed versions (or `no fix`) and EPSS score; `—` for other findings. */
function fixCell(evaluated) {
    const { finding } = evaluated;
    if (finding.type !== 'sca')
        return '—';
    const versions = finding.fixVersions;
    const more = versions.length > FIXES_SHOWN ? ` +${versions.length - FIXES_SHOWN} more` : '';
    const fixes = versions.length === 0
        ? 'no fix'
        : `${versions
            .slice(0, FIXES_SHOWN)
            .map(version => (0,report_escape/* code */.aY)(version, 100))
            .join(' ')}${more}`;
    return finding.epss === undefined ? fixes : `${fixes}<br>EPSS ${(0,labels/* epssText */.hi)(finding.epss.score)}`;
}
/**
 * A table shows the fix column when it lists an SCA finding among the rows it renders: a table
 * of SAST findings alone would only show dashes.
 */
function showsFixes(findings) {
    const end = Math.min(findings.length, ROW_CAP);
    for (let i = 0; i < end; i++)
        if (findings[i]?.finding.type === 'sca')
            return true;
    return false;
}
const FIX_COLUMN = 'Fix · EPSS';
function row(cells) {
    return `| ${cells.join(' | ')} |\n`;
}
function blockingRow(withFix) {
    return evaluated => row([
        evaluated.finding.severity,
        ruleCell(evaluated, true),
        ...(withFix ? [fixCell(evaluated)] : []),
        locationCell(evaluated),
        whyCell(evaluated)
    ]);
}
function nonBlockingRow(withFix) {
    return evaluated => row([
        evaluated.finding.severity,
        ruleCell(evaluated, true),
        ...(withFix ? [fixCell(evaluated)] : []),
        (0,report_escape/* escapeCell */.kq)((0,labels/* modeText */.zR)(evaluated)),
        locationCell(evaluated)
    ]);
}
/** The columns of a findings table, with the fix column after the finding when it shows. */
function columnsOf(withFix, first, rest) {
    return [...first, ...(withFix ? [FIX_COLUMN] : []), ...rest];
}
function blockingSection(blocking) {
    if (blocking.length === 0)
        return undefined;
    const withFix = showsFixes(blocking);
    return table(heading('Blocking findings', blocking.length), columnsOf(withFix, ['Severity', 'Finding'], ['Location', 'Why it blocks']), capped(blocking, blockingRow(withFix)), 'blocking finding', 'blocking findings');
}
function licenseRow(violation) {
    const why = violation.problem === undefined
        ? gate_licenses/* JUDGEMENT_TEXT */.ki[violation.judgement]
        : `${gate_licenses/* JUDGEMENT_TEXT */.ki[violation.judgement]}: ${violation.problem}`;
    return row([
        (0,report_escape/* code */.aY)(`${violation.package}@${violation.version}`),
        violation.license === '' ? '—' : (0,report_escape/* code */.aY)(violation.license, 100),
        (0,report_escape/* escapeCell */.kq)(why, 300)
    ]);
}
function licenseSection(verdict) {
    const violations = verdict.licenseViolations;
    if (violations.length === 0)
        return undefined;
    return table(heading(`Dependencies with ${(0,gate_licenses/* violationsNoun */.Nm)(violations)}`, violations.length), ['Dependency', 'License', 'Why it blocks'], capped(violations, licenseRow), 'dependency', 'dependencies');
}
/** License violations an ignore entry (`package:`) exempts: listed with the entry's reason. */
function ignoredLicenseSection(verdict) {
    const ignored = verdict.ignoredLicenseViolations ?? [];
    if (ignored.length === 0)
        return undefined;
    return table(heading('Ignored license violations', ignored.length), ['Dependency', 'License', 'Ignored because', 'Matched'], capped(ignored, v => row([
        (0,report_escape/* code */.aY)(`${v.package}@${v.version}`),
        (0,report_escape/* code */.aY)(v.license, 100),
        (0,report_escape/* escapeCell */.kq)(v.ignored?.reason ?? ''),
        (0,report_escape/* escapeCell */.kq)(v.ignored?.source ?? '', 200)
    ])), 'ignored license violation', 'ignored license violations');
}
/** Dependencies the platform knows no license of: the license gate could not judge them. */
function unknownLicenseSection(verdict) {
    const unknown = verdict.unknownLicenses ?? [];
    if (unknown.length === 0)
        return undefined;
    const count = (0,report_escape/* formatCount */.B4)(unknown.length);
    return {
        head: `<details><summary>${count} ${(0,labels/* plural */.LS)(unknown.length, 'dependency', 'dependencies')} of unknown license (not judged, not blocking)</summary>\n\n` +
            '| Dependency | License |\n| --- | --- |\n',
        ...capped(unknown, v => row([(0,report_escape/* code */.aY)(`${v.package}@${v.version}`), v.license === '' ? '—' : (0,report_escape/* code */.aY)(v.license, 100)])),
        tail: '\n</details>\n',
        truncationNote: truncationNote('dependency', 'dependencies')
    };
}
function secretVerdict(evaluated) {
    if (evaluated.ignored)
        return `ignored: ${evaluated.ignored.reason}`;
    return evaluated.blocking ? `blocks: ${(0,labels/* reasonsText */.zT)(evaluated.reasons)}` : 'does not block';
}
/**
 * Every secret in scope, whatever it blocks for. Only the type, the place, the validation state
 * and the link: the finding carries nothing else (api/secrets.ts keeps the matched text out).
 */
function secretsSection(verdict) {
    // Looked for only when the counts have some: a pass over tens of thousands of findings saved.
    const { critical, high, medium, low } = verdict.counts.secrets;
    if (critical + high + medium + low === 0)
        return undefined;
    const secrets = verdict.findings.filter(f => f.finding.type === 'secrets');
    if (secrets.length === 0)
        return undefined;
    return table(heading('Secrets', secrets.length), ['Severity', 'Secret', 'Location', 'Validation', 'Verdict'], capped(secrets, evaluated => {
        const { finding } = evaluated;
        const validation = finding.type === 'secrets' ? finding.validationState : 'unknown';
        const secretType = finding.type === 'secrets' ? finding.secretType : '';
        const cells = [
            finding.severity,
            (0,report_escape/* code */.aY)(secretType, 100),
            locationCell(evaluated),
            (0,report_escape/* escapeCell */.kq)((0,domain/* validationStateText */.cH)(validation)),
            (0,report_escape/* escapeCell */.kq)(secretVerdict(evaluated))
        ];
        return `| ${cells.join(' | ')} |\n`;
    }), 'secret', 'secrets');
}
function nonBlockingSection(findings) {
    if (findings.length === 0)
        return undefined;
    const withFix = showsFixes(findings);
    const columns = columnsOf(withFix, ['Severity', 'Finding'], ['Mode / reachability', 'Location']);
    return {
        head: `<details><summary>${(0,report_escape/* formatCount */.B4)(findings.length)} non-blocking ${(0,labels/* plural */.LS)(findings.length, 'finding')}</summary>\n\n` +
            `| ${columns.join(' | ')} |\n|${columns.map(() => ' --- |').join('')}\n`,
        ...capped(findings, nonBlockingRow(withFix)),
        tail: '\n</details>\n',
        truncationNote: truncationNote('non-blocking finding', 'non-blocking findings')
    };
}
function ignoredSection(ignored) {
    if (ignored.length === 0)
        return undefined;
    const withFix = showsFixes(ignored);
    return table(heading('Ignored findings', ignored.length), columnsOf(withFix, ['Severity', 'Rule'], ['Location', 'Ignored because', 'Matched']), capped(ignored, f => row([
        f.finding.severity,
        ruleCell(f),
        ...(withFix ? [fixCell(f)] : []),
        locationCell(f),
        (0,report_escape/* escapeCell */.kq)(f.ignored?.reason ?? ''),
        (0,report_escape/* escapeCell */.kq)(f.ignored?.source ?? '', 200)
    ])), 'ignored finding', 'ignored findings');
}
function expiredSection(verdict) {
    const expired = verdict.expiredIgnores;
    if (expired.length === 0)
        return undefined;
    return {
        head: `${heading('Expired ignore entries', expired.length)}\n\nThese entries no longer apply:\n\n`,
        items: expired.map(e => `- ${(0,report_escape/* escapeMarkdown */.FV)(e.description, 300)} — expired ${(0,report_escape/* escapeMarkdown */.FV)(e.expires, 40)}\n`),
        tail: '',
        truncationNote: truncationNote('expired entry', 'expired entries')
    };
}
function proposedSection(verdict) {
    const proposed = verdict.proposedIgnores ?? [];
    if (proposed.length === 0)
        return undefined;
    return {
        head: `${heading('Proposed ignore entries', proposed.length)}\n\n` +
            "This pull request adds these entries to the ignore file. The gate reads the file at the pull request's base commit, so they exempt nothing yet:\n\n",
        items: proposed.map(e => `- ${(0,report_escape/* escapeMarkdown */.FV)(e.description, 300)} — ${(0,report_escape/* escapeMarkdown */.FV)(e.reason, 300)}` +
            `${e.expires === undefined ? '' : ` — expires ${(0,report_escape/* escapeMarkdown */.FV)(e.expires, 40)}`}` +
            ' (proposed, applies once merged)\n'),
        tail: '',
        truncationNote: truncationNote('proposed entry', 'proposed entries')
    };
}

;// CONCATENATED MODULE: ./src/report/markdown-effects.ts
/** The Markdown report's sections on what ran after the verdict: tickets, tags, SBOM exports. */




/** Finding ids, at most ten of them, then a count. */
function idsCell(ids) {
    const shown = ids.slice(0, 10).join(', ');
    return ids.length > 10 ? `${shown} +${(0,report_escape/* formatCount */.B4)(ids.length - 10)} more` : shown || '—';
}
function ticketsSection(tickets) {
    const rows = [
        ...tickets.created.map(t => `| created | ${idsCell(t.findingIds)} | ${(0,report_escape/* link */.nf)((0,report_escape/* escapeCell */.kq)(t.key ?? 'ticket', 100), t.url)} |\n`),
        ...tickets.failed.map(t => `| failed | ${idsCell(t.findingIds)} | ${(0,report_escape/* escapeCell */.kq)(t.error)} |\n`),
        ...tickets.skipped.map(t => `| skipped | ${idsCell(t.findingIds)} | ${(0,report_escape/* escapeCell */.kq)(t.reason)} |\n`)
    ];
    const already = tickets.alreadyTicketed > 0
        ? `\n${(0,report_escape/* formatCount */.B4)(tickets.alreadyTicketed)} ${(0,labels/* plural */.LS)(tickets.alreadyTicketed, 'finding')} already had a ticket.\n`
        : '';
    if (rows.length === 0) {
        return textSection(`### Tickets\n\nNo ticket was created.\n${already}`);
    }
    const section = table('### Tickets', ['Outcome', 'Findings', 'Ticket or detail'], { items: rows, hidden: 0 }, 'ticket', 'tickets');
    return { ...section, tail: already };
}
function tagsText(tags) {
    const list = (values) => {
        const shown = values
            .slice(0, 50)
            .map(t => (0,report_escape/* code */.aY)(t, 100))
            .join(', ');
        return values.length > 50
            ? `${shown} +${(0,report_escape/* formatCount */.B4)(values.length - 50)} more`
            : shown || 'none';
    };
    const added = tags.added.length > 0 ? ` — added: ${list(tags.added)}` : ' — nothing added';
    return `### Project tags\n\n${(0,report_escape/* code */.aY)(tags.project)}: ${list(tags.tags)}${added}\n`;
}
function sbomSection(sbom) {
    const rows = sbom.exports.map(e => {
        const detail = e.error !== undefined ? (0,report_escape/* escapeCell */.kq)(e.error) : (0,report_escape/* code */.aY)(e.file ?? '');
        return `| ${(0,report_escape/* code */.aY)(e.project)} | ${(0,report_escape/* escapeCell */.kq)(e.status.replace(/_/g, ' '))} | ${(0,report_escape/* code */.aY)(e.taskToken ?? '', 100)} | ${detail} |\n`;
    });
    return table('### SBOM exports', ['Project', 'Status', 'Task token', 'File or error'], { items: rows, hidden: 0 }, 'export', 'exports');
}
function warningsSection(warnings) {
    if (warnings.length === 0)
        return undefined;
    return {
        head: `### Warnings\n\n`,
        items: warnings.map(w => `- ${(0,report_escape/* escapeMarkdown */.FV)(w)}\n`),
        tail: '',
        truncationNote: truncationNote('warning', 'warnings')
    };
}

;// CONCATENATED MODULE: ./src/report/markdown.ts
/**
 * The run as GitHub-flavoured Markdown, for the job summary and the PR comment.
 *
 * Every value that comes from the server, the repository or the user goes through escape.ts;
 * every list that grows with the data is a truncatable Section (fit.ts), so the document always
 * fits the budget of its destination.
 */









/** Hidden marker by which the action finds its own PR comment again. */
const COMMENT_MARKER = '<!-- findings-gate-comment -->';
function renderMarkdown(report, opts) {
    return fitSections(buildSections(report), Math.max(0, Math.floor(opts.maxBytes)));
}
/** The document in reading order; exported for tests of the structure. */
function buildSections(report) {
    const { verdict } = report;
    const sections = [
        textSection(verdictLine(report)),
        evidenceSection(report),
        textSection(scopeText(report)),
        textSection(thresholdsText(report)),
        verdict
            ? textSection(countsText(report, verdict))
            : textSection('_The gate was not evaluated._\n'),
        verdict ? blockingSection(verdict.blocking) : undefined,
        verdict ? licenseSection(verdict) : undefined,
        verdict ? secretsSection(verdict) : undefined,
        verdict ? nonBlockingSection(verdict.nonBlocking) : undefined,
        verdict ? ignoredSection(verdict.ignored) : undefined,
        verdict ? ignoredLicenseSection(verdict) : undefined,
        verdict ? unknownLicenseSection(verdict) : undefined,
        verdict ? expiredSection(verdict) : undefined,
        verdict ? proposedSection(verdict) : undefined,
        report.tickets ? ticketsSection(report.tickets) : undefined,
        report.tags ? textSection(tagsText(report.tags)) : undefined,
        report.sbom ? sbomSection(report.sbom) : undefined,
        warningsSection(report.warnings),
        report.runUrl ? textSection(`${(0,report_escape/* link */.nf)('View the workflow run', report.runUrl)}\n`) : undefined
    ];
    return sections.filter((s) => s !== undefined);
}
// --- verdict, scope, thresholds, counts -----------------------------------------------------
function verdictIcon(report) {
    const { result } = report.status;
    if (result === 'passed')
        return '✅';
    if (result === 'failed' && !report.thresholds.warnOnly)
        return '❌';
    return '⚠️';
}
/** The heading's few words: the verdict, the counts, and the scan judged. */
function shortTitle(report) {
    const { verdict, evidence } = report;
    const scan = evidence && evidence.required !== 'none' ? ` · scan of ${evidence.scan.commit.slice(0, 7)}` : '';
    if (report.status.apiError)
        return 'no verdict';
    if (!verdict)
        return report.status.result === 'skipped' ? 'skipped' : report.status.result;
    const total = verdict.counts.total;
    const found = `${(0,report_escape/* formatCount */.B4)(total)} ${(0,labels/* plural */.LS)(total, 'finding')}`;
    if (verdict.result === 'passed')
        return `passed · ${found}, none blocking${scan}`;
    const blocking = verdict.blocking.length + verdict.licenseViolations.length;
    return `failed · ${(0,report_escape/* formatCount */.B4)(blocking)} blocking of ${found}${scan}`;
}
/**
 * The first line, short enough for one line of an H2 (e.g. `## ❌ Findings Gate: failed · 5
 * blocking of 16 findings · scan of ea86292`); the full sentence follows as plain text.
 */
function verdictLine(report) {
    const lines = [
        `## ${verdictIcon(report)} Findings Gate: ${(0,report_escape/* escapeMarkdown */.FV)(shortTitle(report))}\n`,
        `\n${(0,report_escape/* escapeMarkdown */.FV)(report.status.headline)}\n`
    ];
    if (report.status.result === 'failed' && report.thresholds.warnOnly) {
        lines.push('\n`warn-only` is set: the gate failed but the step does not.\n');
    }
    if (report.status.apiError) {
        lines.push('\nThe action could not prove what it would judge (the scan, the findings or the policy modes), so it judged nothing.\n');
    }
    return lines.join('');
}
/** Which scan the findings come from, or that nobody checked. */
function evidenceText(report) {
    const { evidence } = report;
    if (!evidence)
        return undefined;
    if (evidence.required === 'none') {
        return "**Scan** not checked (`require-scan: none`): these are the ref's findings as the platform holds them, whatever commit they were found at.\n";
    }
    const { scan } = evidence;
    const parts = [
        `**Scan** ${(0,report_escape/* escapeMarkdown */.FV)(scan.id)} of commit ${(0,report_escape/* code */.aY)(scan.commit.slice(0, 12))} on ${(0,report_escape/* code */.aY)(scan.branch)}`,
        scan.fullScan === undefined ? undefined : scan.fullScan ? 'full scan' : 'diff scan',
        scan.completedAt
            ? `completed ${(0,report_escape/* escapeMarkdown */.FV)(`${scan.completedAt.slice(0, 16).replace('T', ' ')} UTC`)}${evidence.ageSeconds === undefined
                ? ''
                : ` (${(0,duration/* formatDuration */.a3)(evidence.ageSeconds * 1000)} before this run)`}`
            : undefined,
        evidence.waitedSeconds > 0 ? `waited ${evidence.waitedSeconds} s for it` : undefined,
        evidence.required === 'ref'
            ? "the ref's newest completed scan (`require-scan: ref`)"
            : undefined
    ];
    const spelled = scan.branch !== evidence.requestedRef
        ? `\n\nNo scan records ${(0,report_escape/* code */.aY)(evidence.requestedRef)}; the repository's scans record ${(0,report_escape/* code */.aY)(scan.branch)} (scans outside GitHub Actions spell the branch bare), so the findings of ${(0,report_escape/* code */.aY)(scan.branch)} were judged.`
        : '';
    return `${parts.filter(part => part !== undefined).join(' · ')}${spelled}\n`;
}
function evidenceSection(report) {
    const text = evidenceText(report);
    return text === undefined ? undefined : textSection(text);
}
function scopeText(report) {
    const { scope } = report;
    const parts = [];
    if (scope.deployment) {
        parts.push(`**Deployment** ${(0,report_escape/* code */.aY)(scope.deployment.slug)} (id ${(0,report_escape/* escapeMarkdown */.FV)(scope.deployment.id)})`);
    }
    parts.push(`**Repository** ${(0,report_escape/* code */.aY)(scope.repository)}`);
    parts.push(`**Ref** ${(0,report_escape/* code */.aY)(scope.ref)}`);
    parts.push(`**Since** ${scope.since === undefined ? 'all time' : (0,report_escape/* escapeMarkdown */.FV)(scope.since)}`);
    parts.push(`**Types** ${scope.issueTypes.map(t => t.toUpperCase()).join(', ') || 'none'}`);
    parts.push(`**Status** ${(0,report_escape/* escapeMarkdown */.FV)(scope.findingStatus.join(', '))}`);
    return `${parts.join(' · ')}\n`;
}
function thresholdsText(report) {
    const t = report.thresholds;
    const parts = [
        t.failOnSeverity === 'none' ? 'severity: off' : `severity ≥ ${t.failOnSeverity}`,
        t.failOnPolicyMode === 'none' ? 'policy mode: off' : `policy mode ≥ ${t.failOnPolicyMode}`,
        `SCA exposures: ${t.failOnExposures.map(e => e.replace(/_/g, ' ')).join(', ') || 'none'}`,
        ...supplyChainParts(t),
        t.failOnMalicious ? 'malicious dependencies block' : 'malicious dependencies do not block',
        `secrets: ${SECRETS_THRESHOLD_TEXT[t.failOnSecrets]}`
    ];
    if (t.denyLicenses.length > 0)
        parts.push(`denied licenses: ${licenseList(t.denyLicenses)}`);
    if (t.allowLicenses !== undefined && t.allowLicenses.length > 0) {
        parts.push(`allowed licenses: ${licenseList(t.allowLicenses)}`);
    }
    if (t.warnOnly)
        parts.push('warn-only');
    const source = t.configFile === undefined ? '' : ` (config-file ${(0,report_escape/* code */.aY)(t.configFile, 200)})`;
    return `**Gate${source}:** ${parts.join(' · ')}\n`;
}
function licenseList(licenses) {
    const more = licenses.length > 50 ? `, and ${licenses.length - 50} more` : '';
    return `${licenses
        .slice(0, 50)
        .map(l => (0,report_escape/* code */.aY)(l, 100))
        .join(', ')}${more}`;
}
/** The Supply Chain settings that differ from blocking every transitivity, fix or not. */
function supplyChainParts(t) {
    const parts = [];
    const transitivities = t.failOnTransitivities;
    if (transitivities !== undefined && transitivities.length < domain/* TRANSITIVITIES */.zR.length) {
        parts.push(`SCA transitivities: ${transitivities.join(', ') || 'none'}`);
    }
    if (t.ignoreUnfixed === true)
        parts.push('SCA findings without a fix do not block');
    if (t.failOnEpss !== undefined)
        parts.push(`EPSS ≥ ${(0,labels/* epssText */.hi)(t.failOnEpss)} blocks`);
    return parts;
}
const SECRETS_THRESHOLD_TEXT = {
    valid: 'confirmed-valid secrets block',
    'valid-or-unverified': 'valid or unverified secrets block',
    any: 'every secret blocks',
    none: 'secrets block by severity and mode only'
};
function countRow(label, c) {
    const total = c.critical + c.high + c.medium + c.low;
    return `| ${label} | ${[c.critical, c.high, c.medium, c.low, total].map(report_escape/* formatCount */.B4).join(' | ')} |\n`;
}
function countsText(report, verdict) {
    const { counts } = verdict;
    const rows = report.scope.issueTypes.map(type => countRow(type.toUpperCase(), counts[type]));
    const total = {
        critical: counts.sast.critical + counts.sca.critical + counts.secrets.critical,
        high: counts.sast.high + counts.sca.high + counts.secrets.high,
        medium: counts.sast.medium + counts.sca.medium + counts.secrets.medium,
        low: counts.sast.low + counts.sca.low + counts.secrets.low
    };
    const licenses = verdict.licenseViolations.length;
    const line = `**${(0,report_escape/* formatCount */.B4)(counts.total)}** ${(0,labels/* plural */.LS)(counts.total, 'finding')} in scope: ` +
        `**${(0,report_escape/* formatCount */.B4)(verdict.blocking.length)}** blocking, ` +
        `**${(0,report_escape/* formatCount */.B4)(verdict.ignored.length)}** ignored, ` +
        `**${(0,report_escape/* formatCount */.B4)(verdict.nonBlocking.length)}** not blocking` +
        (licenses > 0
            ? ` · **${(0,report_escape/* formatCount */.B4)(licenses)}** ${(0,labels/* plural */.LS)(licenses, 'dependency', 'dependencies')} with ${(0,gate_licenses/* violationsNoun */.Nm)(verdict.licenseViolations)}`
            : '') +
        unknownModeText(counts.unknownMode);
    return ('| Type | Critical | High | Medium | Low | Total |\n' +
        '| --- | ---: | ---: | ---: | ---: | ---: |\n' +
        rows.join('') +
        countRow('**Total**', total) +
        `\n${line}\n`);
}
/** Findings the policy-mode gate could not judge: said next to the counts, never left silent. */
function unknownModeText(unknown) {
    if (unknown === 0)
        return '';
    return ` · **${(0,report_escape/* formatCount */.B4)(unknown)}** SAST ${(0,labels/* plural */.LS)(unknown, 'finding')} of unknown policy mode (does not block by mode)`;
}


/***/ }),

/***/ 2831:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  publicConfig: () => (/* binding */ publicConfig),
  publishReports: () => (/* binding */ publishReports),
  withAllThresholds: () => (/* binding */ withAllThresholds)
});

// EXTERNAL MODULE: ./src/inputs/pull-request.ts
var pull_request = __webpack_require__(2274);
// EXTERNAL MODULE: ./src/report/escape.ts
var report_escape = __webpack_require__(6412);
// EXTERNAL MODULE: ./src/report/labels.ts
var labels = __webpack_require__(7923);
;// CONCATENATED MODULE: ./src/report/annotations.ts


/** Where a blocking finding's annotation goes; none without a file to put it on. */
function annotationLocation(evaluated) {
    const location = evaluated.finding.location;
    return location === undefined || location.path.trim() === '' ? undefined : location;
}
function findingAnnotation(evaluated, location) {
    const { finding } = evaluated;
    const details = [
        (0,labels/* dependencyText */.tr)(finding),
        finding.type === 'sca' ? (finding.vulnerabilityId ?? '') : '',
        finding.type === 'sca' ? `(fix: ${(0,labels/* fixText */.Xc)(finding)})` : ''
    ].filter(s => s !== '');
    const reasons = (0,labels/* reasonsText */.zT)(evaluated.reasons);
    // Bound the server text first, then add our own short lines, so they are never cut off.
    const message = [
        (0,report_escape/* annotationMessage */.L0)(finding.ruleMessage),
        details.length > 0 ? (0,report_escape/* annotationProperty */.LL)(details.join(' '), 300) : '',
        reasons === '' ? '' : `Blocking: ${reasons}`
    ]
        .filter(s => s !== '')
        .join('\n\n');
    // The toolkit documents that columns cannot be sent for an annotation spanning several lines.
    const oneLine = location.endLine === undefined || location.endLine === location.line;
    const properties = {
        title: (0,report_escape/* annotationProperty */.LL)(finding.ruleName),
        file: (0,report_escape/* annotationProperty */.LL)(location.path, report_escape/* LIMITS */.b1.annotationFile),
        ...(location.line !== undefined && { startLine: location.line }),
        ...(location.endLine !== undefined && { endLine: location.endLine }),
        ...(oneLine && location.column !== undefined && { startColumn: location.column }),
        ...(oneLine && location.endColumn !== undefined && { endColumn: location.endColumn })
    };
    return { level: 'error', message, properties };
}
/** What the annotation says of each kind of license violation. */
const LICENSE_SENTENCE = {
    denied: 'which is denied',
    'not-allowed': 'which allow-licenses does not list',
    unparseable: 'which cannot be read as an SPDX expression',
    unknown: 'which is unknown'
};
const LICENSE_TITLE = {
    denied: 'Denied license',
    'not-allowed': 'License not allowed',
    unparseable: 'Unreadable license',
    unknown: 'Unknown license'
};
function licenseAnnotation(v) {
    return {
        level: 'error',
        message: (0,report_escape/* annotationMessage */.L0)(`${v.package}@${v.version} is licensed under ${v.license}, ${LICENSE_SENTENCE[v.judgement]}.`),
        properties: { title: (0,report_escape/* annotationProperty */.LL)(`${LICENSE_TITLE[v.judgement]}: ${v.license}`) }
    };
}
/**
 * The annotations to emit, in order, at most `max` errors followed by one notice counting the
 * ones left out. Blocking findings without a location get no annotation (they are in the
 * summary); they are not counted as left out either. Only the annotations emitted are built:
 * the rest are counted (tens of thousands of blocking findings, 50 annotations).
 */
function buildAnnotations(report, max) {
    const verdict = report.verdict;
    if (verdict === undefined || max <= 0)
        return [];
    const limit = Math.floor(max);
    const shown = [];
    let candidates = 0;
    for (const evaluated of verdict.blocking) {
        const location = annotationLocation(evaluated);
        if (location === undefined)
            continue;
        if (shown.length < limit)
            shown.push(findingAnnotation(evaluated, location));
        candidates++;
    }
    for (const violation of verdict.licenseViolations) {
        if (shown.length < limit)
            shown.push(licenseAnnotation(violation));
        candidates++;
    }
    if (candidates <= limit)
        return shown;
    const omitted = candidates - limit;
    return [
        ...shown,
        {
            level: 'notice',
            message: `${(0,report_escape/* formatCount */.B4)(omitted)} more ${(0,labels/* plural */.LS)(omitted, 'annotation')} not shown ` +
                `(max-annotations is ${(0,report_escape/* formatCount */.B4)(limit)}); see the job summary.`,
            properties: { title: 'Findings Gate: annotations capped' }
        }
    ];
}
/** Emits the annotations; returns how many errors were emitted (the cap notice not counted). */
function emitAnnotations(report, max, runner) {
    let errors = 0;
    for (const annotation of buildAnnotations(report, max)) {
        runner.annotation(annotation.level, annotation.message, annotation.properties);
        if (annotation.level === 'error')
            errors++;
    }
    return errors;
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/text/plain.ts
var plain = __webpack_require__(287);
;// CONCATENATED MODULE: ./src/report/json-report.ts
/**
 * The machine-readable report (`report-file`): everything the summary shows, untruncated but
 * for the length of each rule message, in a versioned shape that scripts can rely on. Bump
 * `schemaVersion` on any breaking change of this shape.
 */




const JSON_REPORT_SCHEMA_VERSION = 1;
const TOOL_NAME = 'Findings Gate';
/**
 * A rule message is cut to this many characters: a 1 MB message repeated over thousands of
 * findings would make a file nobody can open.
 */
const JSON_MESSAGE_LIMIT = 16_384;
/**
 * Reasons with their text, one list per list of reasons: decide() shares one list among the
 * findings blocked for the same reasons, and so does the report, instead of a copy per finding.
 */
const reasonsWithText = new WeakMap();
function jsonReasons(reasons) {
    let withText = reasonsWithText.get(reasons);
    if (withText === undefined) {
        withText = reasons.map(r => ({ ...r, text: (0,labels/* reasonText */.uV)(r) }));
        reasonsWithText.set(reasons, withText);
    }
    return withText;
}
function jsonFinding(evaluated) {
    const { finding } = evaluated;
    // The finding's keys in order, then these (a key the finding has keeps its place), as a spread
    // `{ ...finding, ruleMessage, … }` would give; Object.assign copies a finding of twenty-odd
    // keys about ten times faster than V8 builds that literal.
    return Object.assign({}, finding, {
        ruleMessage: (0,plain/* truncate */.xv)(finding.ruleMessage, JSON_MESSAGE_LIMIT),
        mode: evaluated.mode ?? null,
        blocking: evaluated.blocking,
        reasons: jsonReasons(evaluated.reasons),
        ignored: evaluated.ignored ?? null
    });
}
/** Keys that must never reach a file that may be uploaded as an artifact. */
const SECRET_KEY = /token|secret|password|authorization|credential/i;
/** Settings about secrets findings: their names match SECRET_KEY, their values are no secret. */
const SECRETS_SETTINGS = new Set(['failOnSecrets', 'secretsOptional']);
/**
 * The caller passes the configuration without secrets; this redacts anything that still looks
 * like one, as a second line of defence (an artifact outlives the run's log masking).
 */
function redactSecrets(value) {
    if (Array.isArray(value))
        return value.map(redactSecrets);
    if (value === null || typeof value !== 'object')
        return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_KEY.test(key) && !SECRETS_SETTINGS.has(key) ? '[redacted]' : redactSecrets(inner)
    ]));
}
/** Everything but the findings: the keys before them and the keys after them, in order. */
function reportParts(report, configWithoutSecrets, meta) {
    const { verdict } = report;
    return {
        head: {
            schemaVersion: JSON_REPORT_SCHEMA_VERSION,
            tool: { name: TOOL_NAME, version: meta.toolVersion ?? 'unknown' },
            generatedAt: (meta.generatedAt ?? new Date()).toISOString(),
            runUrl: report.runUrl ?? null,
            status: report.status,
            evidence: report.evidence ?? null,
            scope: report.scope,
            thresholds: report.thresholds,
            config: redactSecrets(configWithoutSecrets),
            counts: verdict
                ? {
                    total: verdict.counts.total,
                    blocking: verdict.blocking.length,
                    ignored: verdict.ignored.length,
                    licenseViolations: verdict.licenseViolations.length,
                    sast: verdict.counts.sast,
                    sca: verdict.counts.sca,
                    secrets: verdict.counts.secrets,
                    unknownMode: verdict.counts.unknownMode
                }
                : null
        },
        tail: {
            licenseViolations: verdict?.licenseViolations ?? [],
            ignoredLicenseViolations: verdict?.ignoredLicenseViolations ?? [],
            unknownLicenses: verdict?.unknownLicenses ?? [],
            expiredIgnores: verdict?.expiredIgnores ?? [],
            proposedIgnores: verdict?.proposedIgnores ?? [],
            tickets: report.tickets ?? null,
            tags: report.tags ?? null,
            sbom: report.sbom ?? null,
            warnings: report.warnings
        }
    };
}
function buildJsonReport(report, configWithoutSecrets, meta = {}) {
    const { head, tail } = reportParts(report, configWithoutSecrets, meta);
    const findings = report.verdict ? report.verdict.findings.map(jsonFinding) : [];
    return { ...head, findings, ...tail };
}
/** Writes `value` as indented JSON, creating the parent folders. */
async function writeJsonReport(path, value) {
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
    await (0,promises_.writeFile)(path, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
}
/** Findings per JSON.stringify call: enough to amortise the call, few enough to keep memory flat. */
const FINDINGS_PER_WRITE = 2_000;
/** What JSON.stringify puts around the findings of `{ findings: [...] }`, indented by 2. */
const BATCH_OPEN = '{\n  "findings": [\n';
const BATCH_CLOSE = '\n  ]\n}';
/**
 * Writes the JSON report of a run: the same bytes as writeJsonReport(path, buildJsonReport(…)),
 * without holding every finding's object and the whole text (tens of megabytes, twice that as
 * UTF-16) at once. The findings are turned into JSON a batch at a time, each batch wrapped in
 * `{ findings }` so that JSON.stringify indents them as it does under the report's `findings`.
 */
async function writeRunJsonReport(path, report, configWithoutSecrets, meta = {}) {
    const { head, tail } = reportParts(report, configWithoutSecrets, meta);
    const findings = report.verdict?.findings ?? [];
    // No findings: JSON.stringify writes `"findings": []` on one line.
    if (findings.length === 0)
        return writeJsonReport(path, { ...head, findings: [], ...tail });
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
    const file = await (0,promises_.open)(path, 'w');
    try {
        // The head without its closing brace, then the key of the findings.
        await file.write(`${JSON.stringify(head, null, 2).slice(0, -2)},\n  "findings": [\n`);
        for (let start = 0; start < findings.length; start += FINDINGS_PER_WRITE) {
            const batch = findings.slice(start, start + FINDINGS_PER_WRITE).map(jsonFinding);
            const text = JSON.stringify({ findings: batch }, null, 2);
            const separator = start === 0 ? '' : ',\n';
            await file.write(separator + text.slice(BATCH_OPEN.length, -BATCH_CLOSE.length));
        }
        // The tail without its opening brace.
        await file.write(`\n  ],\n${JSON.stringify(tail, null, 2).slice(2)}\n`);
    }
    finally {
        await file.close();
    }
}

;// CONCATENATED MODULE: ./src/report/outputs.ts
/** action.yml documents four statuses; the report's extra ones map onto them. */
function sbomOutputStatus(status) {
    switch (status) {
        case 'completed':
        case 'failed':
        case 'in_progress':
        case 'timed_out':
            return status;
        case 'started':
            return 'in_progress';
        case 'error':
            return 'failed';
    }
}
/** One status for several exports: the worst one (failed, then timed out, then in progress). */
function aggregateSbomStatus(exports) {
    const statuses = new Set(exports.map(e => sbomOutputStatus(e.status)));
    for (const worst of ['failed', 'timed_out', 'in_progress']) {
        if (statuses.has(worst))
            return worst;
    }
    return 'completed';
}
function sum(values) {
    return values.low + values.medium + values.high + values.critical;
}
/** Output name → value, for every output of action.yml that applies to this run. */
function buildOutputs(report, extras = {}) {
    const out = {};
    // Typed setter: a misspelt output name is a compile error, not a silently missing output.
    const set = (name, value) => {
        out[name] = value;
    };
    set('result', report.status.result);
    const { verdict, tickets, tags, sbom } = report;
    if (verdict) {
        set('findings-count', String(verdict.counts.total));
        set('blocking-count', String(verdict.blocking.length + verdict.licenseViolations.length));
        set('sast-count', String(sum(verdict.counts.sast)));
        set('sca-count', String(sum(verdict.counts.sca)));
        set('secrets-count', String(sum(verdict.counts.secrets)));
        set('blocking-ids', JSON.stringify(verdict.blocking.map(f => f.finding.id)));
    }
    if (tickets) {
        set('tickets-created', String(tickets.created.length));
        set('ticket-urls', JSON.stringify(tickets.created.flatMap(t => (t.url ? [t.url] : []))));
    }
    if (tags)
        set('project-tags', JSON.stringify(tags.tags));
    // Set even when a shard holds no project: 0 is then the true count.
    if (sbom?.projects !== undefined)
        set('sbom-projects', String(sbom.projects));
    if (sbom && sbom.exports.length > 0) {
        // fromEntries defines own properties, so a project named `__proto__` is kept, not swallowed.
        const tokens = Object.fromEntries(sbom.exports.flatMap(e => (e.taskToken === undefined ? [] : [[e.project, e.taskToken]])));
        set('sbom-task-tokens', JSON.stringify(tokens));
        const only = sbom.exports.length === 1 ? sbom.exports[0] : undefined;
        if (only?.taskToken !== undefined)
            set('sbom-task-token', only.taskToken);
        set('sbom-status', aggregateSbomStatus(sbom.exports));
        const file = extras.sbomFile ?? only?.file;
        if (file !== undefined && file !== '')
            set('sbom-file', file);
    }
    if (report.evidence && report.evidence.required !== 'none') {
        set('scan-id', report.evidence.scan.id);
        set('scan-commit', report.evidence.scan.commit);
    }
    const deployment = report.scope.deployment;
    if (deployment) {
        set('deployment-slug', deployment.slug);
        set('deployment-id', deployment.id);
    }
    if (extras.reportFile)
        set('report-file', extras.reportFile);
    if (extras.sarifFile)
        set('sarif-file', extras.sarifFile);
    if (extras.commentUrl)
        set('comment-url', extras.commentUrl);
    return out;
}
/** Sets every output that applies; returns what was set. */
function setOutputs(report, extras, runner) {
    const outputs = buildOutputs(report, extras);
    for (const [name, value] of Object.entries(outputs))
        runner.setOutput(name, value);
    return outputs;
}

// EXTERNAL MODULE: ./src/domain.ts
var domain = __webpack_require__(9375);
// EXTERNAL MODULE: ./src/gate/transitivity.ts
var transitivity = __webpack_require__(207);
;// CONCATENATED MODULE: ./src/report/sarif.ts
/**
 * SARIF 2.1.0 for GitHub code scanning (github/codeql-action/upload-sarif) and other consumers.
 *
 * Decisions:
 * - A finding without a file location is not a SARIF result (GitHub code scanning rejects
 *   results without a location, and an invented location would be a lie). It is recorded as a
 *   tool execution notification of the run's invocation instead, so the file still accounts
 *   for every finding.
 * - `automationDetails.id` is `<category>/`: GitHub closes the alerts of an upload that are
 *   missing from the next upload of the same category, so each configuration of the action
 *   needs its own category.
 * - Ignored findings are results with an `external` suppression (the justification is the
 *   ignore reason), so code scanning shows them as dismissed rather than losing them.
 */







const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
const SARIF_TOOL_NAME = 'Findings Gate';
const FINGERPRINT_MATCH_BASED = 'findingsGate/matchBasedId/v1';
const FINGERPRINT_SYNTACTIC = 'findingsGate/syntacticId/v1';
/** GitHub maps `security-severity` to its own levels: ≥ 9 critical, ≥ 7 high, ≥ 4 medium, else low. */
const SECURITY_SEVERITY = {
    critical: '9.5',
    high: '8.0',
    medium: '5.5',
    low: '2.0'
};
const MESSAGE_LIMIT = 4_000;
// --- rules ---------------------------------------------------------------------------------
/** `CWE-79: Improper Neutralization…` → `external/cwe/cwe-079`, the tag form GitHub recognises. */
function cweTag(cwe) {
    const match = /CWE-(\d+)/i.exec(cwe);
    return match?.[1] === undefined ? undefined : `external/cwe/cwe-${match[1].padStart(3, '0')}`;
}
/** Where to read about a rule: the Semgrep registry for SAST, the advisory for SCA. */
function ruleHelpUri(finding) {
    if (finding.type === 'secrets')
        return undefined;
    if (finding.type === 'sast') {
        return finding.ruleName.trim() === ''
            ? undefined
            : `https://semgrep.dev/r/${encodeURIComponent(finding.ruleName)}`;
    }
    const id = finding.vulnerabilityId?.trim() ?? '';
    if (/^CVE-\d{4}-\d{4,}$/i.test(id))
        return `https://nvd.nist.gov/vuln/detail/${id.toUpperCase()}`;
    if (/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/i.test(id))
        return `https://github.com/advisories/${id}`;
    return undefined;
}
/**
 * Server text for a SARIF message: bounded, control characters dropped, and `[`/`]` escaped,
 * because SARIF viewers (GitHub included) turn `[text](target)` in a message into a link
 * (SARIF §3.11.6 "embedded links"), which a hostile rule message must not be able to forge.
 */
function sarifText(text, maxChars = MESSAGE_LIMIT) {
    return (0,plain/* stripControl */.kU)((0,plain/* truncate */.xv)(text, maxChars))
        .trim()
        .replace(/[[\]]/g, ch => `\\${ch}`);
}
function firstLine(text) {
    const line = (0,plain/* stripControl */.kU)((0,plain/* truncate */.xv)(text, 1_000))
        .split('\n')
        .find(l => l.trim() !== '') ?? '';
    return (0,report_escape/* annotationProperty */.LL)(line, 200);
}
function worstSeverity(findings) {
    return findings.reduce((worst, f) => ((0,domain/* severityRank */.qs)(f.severity) > (0,domain/* severityRank */.qs)(worst) ? f.severity : worst), 'low');
}
function buildRule(ruleName, findings) {
    const first = findings[0];
    const message = first ? sarifText(first.ruleMessage) : '';
    const helpUri = first ? ruleHelpUri(first) : undefined;
    const cwes = new Set(findings.flatMap(f => f.cwe.flatMap(c => cweTag(c) ?? [])));
    const vulnerabilityId = first?.type === 'sca' ? first.vulnerabilityId : undefined;
    return {
        id: ruleName,
        shortDescription: { text: firstLine(message) || ruleName || 'rule' },
        fullDescription: { text: message || ruleName || 'rule' },
        help: {
            text: [message, vulnerabilityId, helpUri].filter(s => s !== undefined && s !== '').join('\n\n') ||
                ruleName
        },
        ...(helpUri !== undefined && { helpUri }),
        properties: {
            tags: ['security', ...cwes],
            'security-severity': SECURITY_SEVERITY[worstSeverity(findings)]
        }
    };
}
// --- results -------------------------------------------------------------------------------
/** Replaces lone surrogates, which `encodeURI` refuses, with U+FFFD. */
function wellFormed(text) {
    return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
/**
 * A repository-relative path as a URI reference: forward slashes, no leading `./` or `/`, and
 * each segment percent-encoded where a URI needs it (`#` and `?` would start a fragment/query).
 */
function pathToUri(path) {
    const relative = (0,plain/* stripControl */.kU)(path)
        .replace(/\\/g, '/')
        .replace(/^(\.\/|\/)+/, '');
    return relative
        .split('/')
        .map(segment => encodeURI(wellFormed(segment)).replace(/[#?]/g, ch => encodeURIComponent(ch)))
        .join('/');
}
function positive(n) {
    return n !== undefined && Number.isInteger(n) && n >= 1;
}
function region(location) {
    if (!positive(location.line))
        return undefined;
    const endLine = positive(location.endLine) && location.endLine >= location.line ? location.endLine : undefined;
    return {
        startLine: location.line,
        ...(positive(location.column) && { startColumn: location.column }),
        ...(endLine !== undefined && { endLine }),
        ...(positive(location.endColumn) && { endColumn: location.endColumn })
    };
}
/**
 * The text a result is made of, computed once per distinct value: rule messages, paths,
 * dependencies and lists of reasons repeat across thousands of findings.
 */
class ResultTexts {
    uris = new Map();
    messages = new Map();
    dependencies = new Map();
    reasons = new Map();
    uri(path) {
        return remembered(this.uris, path, pathToUri);
    }
    message(ruleMessage) {
        return remembered(this.messages, ruleMessage, text => sarifText(text));
    }
    dependency(dependency) {
        return remembered(this.dependencies, dependency, text => sarifText(text, 300));
    }
    reasonsText(reasons) {
        return remembered(this.reasons, reasons, labels/* reasonsText */.zT);
    }
}
function remembered(cache, key, compute) {
    let value = cache.get(key);
    if (value === undefined) {
        value = compute(key);
        cache.set(key, value);
    }
    return value;
}
function sarifLocation(location, texts) {
    const r = region(location);
    return {
        physicalLocation: {
            artifactLocation: { uri: texts.uri(location.path), uriBaseId: '%SRCROOT%' },
            ...(r !== undefined && { region: r })
        }
    };
}
function sarifLevel(evaluated) {
    if (evaluated.blocking)
        return 'error';
    return (0,domain/* severityRank */.qs)(evaluated.finding.severity) >= (0,domain/* severityRank */.qs)('high') ? 'warning' : 'note';
}
/** `Fix: lodash@4.17.21 · EPSS 0.012` for an SCA finding; '' for others. */
function fixLine(finding, texts) {
    if (finding.type !== 'sca')
        return '';
    const epss = finding.epss === undefined ? '' : ` · EPSS ${(0,labels/* epssText */.hi)(finding.epss.score)}`;
    return `Fix: ${texts.dependency((0,labels/* fixText */.Xc)(finding))}${epss}`;
}
function resultMessage(evaluated, texts) {
    const { finding } = evaluated;
    const dependency = (0,labels/* dependencyText */.tr)(finding);
    const reasons = texts.reasonsText(evaluated.reasons);
    return ([
        texts.message(finding.ruleMessage),
        dependency === '' ? '' : `Dependency: ${texts.dependency(dependency)}`,
        fixLine(finding, texts),
        reasons === '' ? '' : `Blocking: ${reasons}`
    ]
        .filter(s => s !== '')
        .join('\n\n') || sarifText(finding.ruleName, 300));
}
function buildResult(evaluated, location, ruleIndex, texts) {
    const { finding } = evaluated;
    const fingerprints = {};
    if (finding.matchBasedId)
        fingerprints[FINGERPRINT_MATCH_BASED] = finding.matchBasedId;
    if (finding.syntacticId)
        fingerprints[FINGERPRINT_SYNTACTIC] = finding.syntacticId;
    return {
        ruleId: finding.ruleName,
        ruleIndex,
        level: sarifLevel(evaluated),
        message: { text: resultMessage(evaluated, texts) },
        locations: [sarifLocation(location, texts)],
        ...(Object.keys(fingerprints).length > 0 && { partialFingerprints: fingerprints }),
        ...(evaluated.ignored && {
            suppressions: [
                {
                    kind: 'external',
                    status: 'accepted',
                    justification: (0,report_escape/* annotationProperty */.LL)(evaluated.ignored.reason, 1_000)
                }
            ]
        }),
        properties: {
            findingId: finding.id,
            type: finding.type,
            severity: finding.severity,
            blocking: evaluated.blocking,
            ...(evaluated.ignored && {
                ignoredReason: (0,report_escape/* annotationProperty */.LL)(evaluated.ignored.reason, 1_000)
            }),
            ...(finding.url !== undefined && { url: finding.url }),
            // A Supply Chain result adds its dependency's transitivity, fixes and EPSS score.
            ...(finding.type === 'sca' && {
                transitivity: (0,transitivity/* transitivityOf */.W)(finding),
                fixVersions: finding.fixVersions,
                ...(finding.vulnerabilityId !== undefined && { vulnerabilityId: finding.vulnerabilityId }),
                ...(finding.epss !== undefined && { epss: finding.epss })
            })
        }
    };
}
function unlocatedNotification(evaluated, ruleIndex) {
    const { finding } = evaluated;
    return {
        level: evaluated.blocking ? 'error' : 'note',
        message: {
            text: `Finding ${finding.id} (${sarifText((0,report_escape/* annotationProperty */.LL)(finding.ruleName, 300))}) has no file location, so it is not a result of this file.`
        },
        associatedRule: { id: finding.ruleName, index: ruleIndex },
        properties: { findingId: finding.id, blocking: evaluated.blocking }
    };
}
// --- log -----------------------------------------------------------------------------------
function automationId(category) {
    const trimmed = category.trim().replace(/\/+$/, '');
    return `${trimmed === '' ? 'findings-gate' : trimmed}/`;
}
function buildSarif(report, opts) {
    const findings = report.verdict?.findings ?? [];
    // One rule per distinct rule name, in the order rules first appear.
    const byRule = new Map();
    for (const { finding } of findings) {
        const group = byRule.get(finding.ruleName);
        if (group)
            group.push(finding);
        else
            byRule.set(finding.ruleName, [finding]);
    }
    const ruleNames = [...byRule.keys()];
    const ruleIndex = new Map(ruleNames.map((name, i) => [name, i]));
    const rules = ruleNames.map(name => buildRule(name, byRule.get(name) ?? []));
    const results = [];
    const notifications = [];
    const texts = new ResultTexts();
    for (const evaluated of findings) {
        const index = ruleIndex.get(evaluated.finding.ruleName) ?? 0;
        const location = evaluated.finding.location;
        if (location !== undefined && location.path.trim() !== '') {
            results.push(buildResult(evaluated, location, index, texts));
        }
        else {
            notifications.push(unlocatedNotification(evaluated, index));
        }
    }
    return {
        $schema: SARIF_SCHEMA_URI,
        version: '2.1.0',
        runs: [
            {
                tool: {
                    driver: {
                        name: SARIF_TOOL_NAME,
                        version: opts.toolVersion,
                        ...(opts.informationUri !== undefined && { informationUri: opts.informationUri }),
                        rules
                    }
                },
                automationDetails: { id: automationId(opts.category) },
                // Which scan the results come from (or that nobody checked): code scanning keeps it.
                ...(report.evidence && { properties: { scanEvidence: report.evidence } }),
                invocations: [
                    {
                        executionSuccessful: true,
                        ...(notifications.length > 0 && { toolExecutionNotifications: notifications })
                    }
                ],
                results
            }
        ]
    };
}
/** Results per JSON.stringify call: enough to amortise the call, few enough to keep memory flat. */
const RESULTS_PER_WRITE = 2_000;
/**
 * Writes the log as JSON, creating the parent folders. The results of a log as buildSarif makes
 * it (one run, its results last) are turned into JSON a batch at a time: the same bytes as one
 * JSON.stringify of the whole log, without the whole text (tens of megabytes) in memory at once.
 */
async function writeSarif(path, log) {
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
    const [run, ...otherRuns] = log.runs;
    const results = run?.results ?? [];
    const resultsLast = run !== undefined &&
        otherRuns.length === 0 &&
        Object.keys(log).at(-1) === 'runs' &&
        Object.keys(run).at(-1) === 'results';
    if (!resultsLast || results.length === 0) {
        await (0,promises_.writeFile)(path, `${JSON.stringify(log)}\n`, 'utf8');
        return;
    }
    // `{…"runs":[{…"results":[]}]}` without its last four characters ends with `"results":[`.
    const head = JSON.stringify({ ...log, runs: [{ ...run, results: [] }] }).slice(0, -4);
    const file = await (0,promises_.open)(path, 'w');
    try {
        await file.write(head);
        for (let start = 0; start < results.length; start += RESULTS_PER_WRITE) {
            const batch = JSON.stringify(results.slice(start, start + RESULTS_PER_WRITE));
            await file.write((start === 0 ? '' : ',') + batch.slice(1, -1));
        }
        await file.write(']}]}\n');
    }
    finally {
        await file.close();
    }
}

// EXTERNAL MODULE: ./src/report/markdown.ts + 3 modules
var report_markdown = __webpack_require__(5437);
// EXTERNAL MODULE: ./src/text/error-text.ts
var error_text = __webpack_require__(6589);
;// CONCATENATED MODULE: ./src/report/summary.ts
/**
 * The job summary. The runner rejects a step summary over 1 MiB (and older runners failed the
 * job for it), so the Markdown is rendered to fit with a margin left for anything else the step
 * appends.
 */


const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** Room for other writers of the same step's summary, and for the runner's own bookkeeping. */
const SUMMARY_MARGIN_BYTES = 16 * 1024;
/**
 * Appends the report to `$GITHUB_STEP_SUMMARY`. Never throws: a summary that cannot be written
 * must not hide the verdict, so a failure becomes a warning. Returns whether it was written.
 */
async function writeJobSummary(report, runner) {
    try {
        const markdown = (0,report_markdown/* renderMarkdown */.Gc)(report, {
            maxBytes: SUMMARY_LIMIT_BYTES - SUMMARY_MARGIN_BYTES
        });
        await runner.appendSummary(markdown);
        return true;
    }
    catch (error) {
        runner.warning(`Could not write the job summary: ${(0,error_text/* errorText */.k)(error)}`);
        return false;
    }
}

// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
;// CONCATENATED MODULE: ./src/report/publish.ts








/** The config as the JSON report shows it: every input but the tokens. */
function publicConfig(config) {
    const { apiToken: _apiToken, githubToken: _githubToken, configToken: _configToken, ...rest } = config;
    return rest;
}
/** The report with every threshold of the config, those added after the report's builder too. */
function withAllThresholds(report, config) {
    return {
        ...report,
        thresholds: {
            ...report.thresholds,
            failOnTransitivities: config.failOnTransitivities,
            ignoreUnfixed: config.ignoreUnfixed,
            ...(config.failOnEpss !== undefined && { failOnEpss: config.failOnEpss }),
            allowLicenses: config.allowLicenses,
            ...(config.configFile !== undefined && { configFile: config.configFile })
        }
    };
}
async function attempt(runner, what, task) {
    try {
        return await task();
    }
    catch (error) {
        runner.warning(`Could not ${what}: ${(0,error_text/* errorText */.k)(error)}`);
        return undefined;
    }
}
/**
 * Every report of the run. Each is independent and best effort: a report that cannot be written
 * warns and never changes the verdict or hides another report.
 */
async function publishReports(built, config, ctx, runner) {
    const report = withAllThresholds(built, config);
    const extras = {};
    if (config.sbomFile !== undefined && report.sbom?.exports.some(e => e.file !== undefined))
        extras.sbomFile = config.sbomFile;
    if (config.reportFile !== undefined) {
        const path = config.reportFile;
        const written = await attempt(runner, 'write the JSON report', async () => {
            await writeRunJsonReport(path, report, publicConfig(config), { toolVersion: version/* VERSION */.x });
            return true;
        });
        if (written)
            extras.reportFile = path;
    }
    if (config.sarifFile !== undefined && !report.verdict) {
        // An empty run would tell code scanning the analysis found nothing and close every alert.
        runner.warning(`No SARIF file was written to ${config.sarifFile}: the gate was not evaluated`);
    }
    else if (config.sarifFile !== undefined) {
        const path = config.sarifFile;
        const written = await attempt(runner, 'write the SARIF file', async () => {
            const category = `findings-gate/${config.issueTypes.join('-')}`;
            await writeSarif(path, buildSarif(report, { category, toolVersion: version/* VERSION */.x }));
            return true;
        });
        if (written)
            extras.sarifFile = path;
    }
    if (config.commentOnPr !== 'never' && config.githubToken !== undefined) {
        const target = (0,pull_request/* pullRequestTarget */.Sj)(ctx);
        const token = config.githubToken;
        if (target) {
            const outcome = await attempt(runner, 'update the pull-request comment', async () => {
                // Loaded only when commenting: the GitHub client is the heaviest part of the bundle.
                const { upsertPrComment } = await Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(413), __webpack_require__.e(914)]).then(__webpack_require__.bind(__webpack_require__, 1914));
                return upsertPrComment({
                    token,
                    report,
                    mode: config.commentOnPr,
                    context: target,
                    runner
                });
            });
            if (outcome?.url)
                extras.commentUrl = outcome.url;
        }
        else {
            runner.info(`comment-on-pr: ${config.commentOnPr}, but this run is not for a pull request; no comment`);
        }
    }
    if (config.annotations && report.verdict)
        await attempt(runner, 'emit annotations', () => emitAnnotations(report, config.maxAnnotations, runner));
    if (config.summary)
        await attempt(runner, 'write the job summary', () => writeJobSummary(report, runner));
    await attempt(runner, 'set the outputs', () => setOutputs(report, extras, runner));
}


/***/ })

};

//# sourceMappingURL=831.index.js.map