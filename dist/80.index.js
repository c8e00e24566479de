export const id = 80;
export const ids = [80];
export const modules = {

/***/ 8080:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  blockReasons: () => (/* binding */ blockReasons),
  decide: () => (/* binding */ decide),
  evaluateFinding: () => (/* binding */ evaluateFinding),
  memoizedBlockReasons: () => (/* binding */ memoizedBlockReasons)
});

// EXTERNAL MODULE: ./src/domain.ts
var domain = __webpack_require__(9375);
// EXTERNAL MODULE: ./src/gate/transitivity.ts
var transitivity = __webpack_require__(207);
;// CONCATENATED MODULE: ./src/gate/report-order.ts

/**
 * The order of every report: blocking first, then the worst, then by type, rule, path, line and
 * id. compareEvaluated defines it; reportOrder computes it for tens of thousands of findings.
 */
/** Code-point order: stable across machines and far cheaper than locale-aware comparison. */
function compareText(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** Blocking first, then the worst, then by place: the order of every report. */
function compareEvaluated(a, b) {
    return (Number(b.blocking) - Number(a.blocking) ||
        (0,domain/* severityRank */.qs)(b.finding.severity) - (0,domain/* severityRank */.qs)(a.finding.severity) ||
        compareText(a.finding.type, b.finding.type) ||
        compareText(a.finding.ruleName, b.finding.ruleName) ||
        compareText(a.finding.location?.path ?? '', b.finding.location?.path ?? '') ||
        (a.finding.location?.line ?? 0) - (b.finding.location?.line ?? 0) ||
        a.finding.id - b.finding.id);
}
/** The code-point order of the type names, as compareEvaluated compares them. */
const TYPE_ORDER = { sast: 0, sca: 1, secrets: 2 };
/** Distinct values of the first sort key (blocking, severity, type): 2 × 4 × 3. */
const RANKS = 24;
/** The first sort key of compareEvaluated (blocking, then severity, then type) as one number. */
function rankOf(evaluated) {
    return ((evaluated.blocking ? 0 : 12) +
        (3 - (0,domain/* severityRank */.qs)(evaluated.finding.severity)) * 3 +
        TYPE_ORDER[evaluated.finding.type]);
}
/**
 * The distinct values of one string key of a list (rule names, paths), numbered by first
 * appearance, and the place of each in code-point order: comparing places compares the strings.
 */
class Places {
    numbers = new Map();
    strings = [];
    /** The number of each item's value. */
    numberOf;
    constructor(count) {
        this.numberOf = new Uint32Array(count);
    }
    /** Records the value of item `index`. */
    set(index, value) {
        let number = this.numbers.get(value);
        if (number === undefined) {
            number = this.strings.length;
            this.strings.push(value);
            this.numbers.set(value, number);
        }
        this.numberOf[index] = number;
    }
    /**
     * Each item's place: `places[numbers[i]]` is the place of item i's value among the distinct
     * values in code-point order.
     */
    order() {
        const { strings } = this;
        const byText = strings.map((_, number) => number);
        byText.sort((a, b) => compareText(strings[a], strings[b]));
        const places = new Uint32Array(strings.length);
        byText.forEach((number, place) => (places[number] = place));
        return { numbers: this.numberOf, places };
    }
}
/** The sort keys of compareEvaluated, noted one finding at a time. */
class SortKeys {
    ranks;
    rules;
    paths;
    lines;
    ids;
    /** Every line and id a non-negative integer: the radix order needs digits. */
    digitable = true;
    largestLine = 0;
    largestId = 0;
    /** Ids in ascending order as noted: a stable order by the other keys then keeps them so. */
    idsAscending = true;
    constructor(count) {
        this.ranks = new Uint8Array(count);
        this.rules = new Places(count);
        this.paths = new Places(count);
        this.lines = new Float64Array(count);
        this.ids = new Float64Array(count);
    }
    set(index, evaluated) {
        const { finding } = evaluated;
        const line = finding.location?.line ?? 0;
        const id = finding.id;
        this.ranks[index] = rankOf(evaluated);
        this.rules.set(index, finding.ruleName);
        this.paths.set(index, finding.location?.path ?? '');
        this.lines[index] = line;
        this.ids[index] = id;
        if (!isDigitable(line) || !isDigitable(id))
            this.digitable = false;
        if (line > this.largestLine)
            this.largestLine = line;
        if (index > 0 && id < this.largestId)
            this.idsAscending = false;
        if (id > this.largestId)
            this.largestId = id;
    }
}
/** A finite non-negative integer (a double past 2^53 is one too: its digits are exact). */
function isDigitable(value) {
    return value >= 0 && Number.isFinite(value) && Math.floor(value) === value;
}
/** A radix digit: 16 bits, so a pass's counts fit in the cache and an id below 2^64 takes four. */
const DIGIT_BITS = 16;
const DIGIT_VALUES = 2 ** DIGIT_BITS;
/**
 * The findings in the order of compareEvaluated, given their sort keys: a least-significant-digit
 * radix sort of the findings' indices, one stable counting pass per 16-bit digit of id, line,
 * path place, and rank with rule place; digits above the largest value are skipped, and so are
 * the ids when they were noted in ascending order. It never calls back into JavaScript per
 * comparison: 60,000 findings take three to six passes over typed arrays.
 * A line or id that is not a non-negative integer (never seen) has no digits: then the findings
 * are compared field by field.
 */
function reportOrder(evaluated, sortKeys) {
    const count = evaluated.length;
    if (!sortKeys.digitable)
        return [...evaluated].sort(compareEvaluated);
    const { ranks, rules, paths, lines, ids } = sortKeys;
    const rule = rules.order();
    const path = paths.order();
    const radix = new RadixOrder(count);
    if (!sortKeys.idsAscending)
        radix.byNumber(ids, sortKeys.largestId);
    radix.byNumber(lines, sortKeys.largestLine);
    radix.byPlace(path.numbers, path.places);
    // Rank and rule in one pass when their pairs fit in one digit (up to 2,730 rules).
    if (RANKS * rule.places.length <= DIGIT_VALUES) {
        radix.byRankAndPlace(ranks, rule.numbers, rule.places);
    }
    else {
        radix.byPlace(rule.numbers, rule.places);
        radix.bySmall(ranks, RANKS);
    }
    const order = radix.order;
    const sorted = new Array(count);
    for (let i = 0; i < count; i++)
        sorted[i] = evaluated[order[i]];
    return sorted;
}
/**
 * Indices reordered by stable counting passes, the least significant key first: after the last
 * pass they are in the order of the keys, most significant first, ties in index order.
 */
class RadixOrder {
    order;
    spare;
    digits;
    counts = new Uint32Array(DIGIT_VALUES + 1);
    constructor(count) {
        this.order = new Uint32Array(count);
        for (let i = 0; i < count; i++)
            this.order[i] = i;
        this.spare = new Uint32Array(count);
        this.digits = new Uint32Array(count);
    }
    /** Passes over each 16-bit digit of a non-negative integer key, least significant first. */
    byNumber(values, largest) {
        for (let shift = 0; 2 ** shift <= largest; shift += DIGIT_BITS) {
            const unit = 2 ** shift;
            for (let i = 0; i < values.length; i++) {
                this.digits[i] = Math.floor(values[i] / unit) % DIGIT_VALUES;
            }
            this.pass(DIGIT_VALUES);
        }
    }
    /** By each item's place (`places[numbers[i]]`): one pass, or two past 2^16 distinct values. */
    byPlace(numbers, places) {
        const itemPlaces = new Uint32Array(numbers.length);
        for (let i = 0; i < numbers.length; i++)
            itemPlaces[i] = places[numbers[i]];
        this.bySmall(itemPlaces, places.length);
    }
    /** By rank, then place, in one pass: the caller checks that the pairs fit in one digit. */
    byRankAndPlace(ranks, numbers, places) {
        const size = places.length;
        for (let i = 0; i < numbers.length; i++)
            this.digits[i] = ranks[i] * size + places[numbers[i]];
        this.pass(RANKS * size);
    }
    /** One pass, or two past 2^16, over a key with `size` values. */
    bySmall(values, size) {
        if (size <= 1)
            return;
        if (size > DIGIT_VALUES) {
            for (let i = 0; i < values.length; i++)
                this.digits[i] = values[i] % DIGIT_VALUES;
            this.pass(DIGIT_VALUES);
            for (let i = 0; i < values.length; i++)
                this.digits[i] = Math.floor(values[i] / DIGIT_VALUES);
            this.pass(Math.ceil(size / DIGIT_VALUES));
            return;
        }
        this.digits.set(values);
        this.pass(size);
    }
    /** One stable counting pass over `digits` (by item index), each below `buckets`. */
    pass(buckets) {
        const { order, spare, digits, counts } = this;
        counts.fill(0, 0, buckets + 1);
        for (let i = 0; i < order.length; i++)
            counts[digits[order[i]] + 1]++;
        for (let bucket = 1; bucket <= buckets; bucket++)
            counts[bucket] += counts[bucket - 1];
        for (let i = 0; i < order.length; i++) {
            const item = order[i];
            spare[counts[digits[item]]++] = item;
        }
        this.spare = order;
        this.order = spare;
    }
}
/** The order of compareEvaluated (blocking first, then the worst, then by place). */
function sortEvaluated(evaluated) {
    const sortKeys = new SortKeys(evaluated.length);
    evaluated.forEach((e, i) => sortKeys.set(i, e));
    return reportOrder(evaluated, sortKeys);
}

;// CONCATENATED MODULE: ./src/gate/decide.ts



/** The validation states each `fail-on-secrets` value blocks on. */
const SECRETS_BLOCKING = {
    valid: ['confirmed_valid'],
    'valid-or-unverified': ['confirmed_valid', 'validation_error', 'no_validator', 'unknown'],
    any: ['confirmed_valid', 'confirmed_invalid', 'validation_error', 'no_validator', 'unknown'],
    none: []
};
/** Every criterion a finding trips, ignoring ignores. Empty = the finding does not block. */
function blockReasons(finding, mode, thresholds) {
    if (finding.type === 'secrets')
        return secretsReasons(finding, thresholds);
    if (finding.type === 'sca')
        return scaReasons(finding, thresholds);
    return [...severityReason(finding.severity, thresholds), ...policyModeReason(mode, thresholds)];
}
/**
 * An SCA finding blocks by severity or EPSS only when it is of an exposure and a transitivity the
 * gate fails on, and, with ignore-unfixed, has a fix; a malicious dependency blocks regardless.
 */
function scaReasons(finding, thresholds) {
    const reasons = scaCounts(finding, thresholds)
        ? [...severityReason(finding.severity, thresholds), ...epssReason(finding, thresholds)]
        : [];
    if (finding.malicious && thresholds.failOnMalicious)
        reasons.push({ kind: 'malicious' });
    return reasons;
}
function scaCounts(finding, thresholds) {
    return (thresholds.failOnExposures.includes(finding.reachability) &&
        thresholds.failOnTransitivities.includes((0,transitivity/* transitivityOf */.W)(finding)) &&
        !(thresholds.ignoreUnfixed && finding.fixVersions.length === 0));
}
/** True when the finding's EPSS score reaches fail-on-epss (never when either is missing). */
function reachesEpss(finding, thresholds) {
    const threshold = thresholds.failOnEpss;
    return threshold !== undefined && finding.epss !== undefined && finding.epss.score >= threshold;
}
function epssReason(finding, thresholds) {
    const threshold = thresholds.failOnEpss;
    const score = finding.epss?.score;
    if (threshold === undefined || score === undefined || score < threshold)
        return [];
    return [{ kind: 'epss', score, threshold }];
}
/**
 * A secret blocks by its validation state whatever its severity (`fail-on-secrets`), and by
 * severity and its own policy mode as a SAST finding does, except once it is confirmed invalid:
 * a revoked credential is no longer a leak, so only `fail-on-secrets: any` blocks it.
 */
function secretsReasons(finding, thresholds) {
    const reasons = [];
    if (SECRETS_BLOCKING[thresholds.failOnSecrets].includes(finding.validationState)) {
        reasons.push({ kind: 'secret', validationState: finding.validationState });
    }
    if (finding.validationState === 'confirmed_invalid')
        return reasons;
    return [
        ...reasons,
        ...severityReason(finding.severity, thresholds),
        ...policyModeReason(finding.mode, thresholds)
    ];
}
/** The severity criterion, when the finding reaches `fail-on-severity`. */
function severityReason(severity, thresholds) {
    const threshold = thresholds.failOnSeverity;
    return threshold !== 'none' && (0,domain/* severityRank */.qs)(severity) >= (0,domain/* severityRank */.qs)(threshold)
        ? [{ kind: 'severity', severity, threshold }]
        : [];
}
/** The policy-mode criterion. A mode not found in a fetched policy never blocks; main warns of it. */
function policyModeReason(mode, thresholds) {
    const threshold = thresholds.failOnPolicyMode;
    return threshold !== 'none' &&
        isKnownMode(mode) &&
        mode !== 'disabled' &&
        (0,domain/* policyModeRank */.k8)(mode) >= (0,domain/* policyModeRank */.k8)(threshold)
        ? [{ kind: 'policy-mode', mode, threshold }]
        : [];
}
function isKnownMode(mode) {
    return mode !== undefined && mode !== 'unknown' && mode !== 'not-fetched';
}
function evaluateFinding(finding, input) {
    return evaluatedFinding(finding, modeOfFinding(finding, input.modeOf), input, blockReasons);
}
function modeOfFinding(finding, modeOf) {
    return finding.type === 'sast'
        ? modeOf(finding)
        : finding.type === 'secrets'
            ? finding.mode
            : undefined;
}
function evaluatedFinding(finding, mode, input, reasonsOf) {
    const reasons = reasonsOf(finding, mode, input.thresholds);
    const ignored = input.ignoreOf(finding);
    // An ignored finding keeps the reasons it would block for, so the report can say so.
    const blocking = reasons.length > 0 && ignored === undefined;
    // Literals, not spreads: the same keys in the same order, at a fraction of the cost.
    if (mode === undefined) {
        return ignored === undefined
            ? { finding, blocking, reasons }
            : { finding, blocking, reasons, ignored };
    }
    return ignored === undefined
        ? { finding, mode, blocking, reasons }
        : { finding, mode, blocking, reasons, ignored };
}
/** An SCA finding's transitivity and whether it has a fix, as one small number for the cache. */
function scaShape(finding) {
    if (finding.type !== 'sca')
        return undefined;
    return (domain/* TRANSITIVITIES */.zR.indexOf((0,transitivity/* transitivityOf */.W)(finding)) * 2 + (finding.fixVersions.length > 0 ? 1 : 0));
}
/**
 * blockReasons, computed once per distinct combination of what it reads (type, severity, mode,
 * reachability, transitivity, fix, malicious, validation state): a few dozen combinations for tens
 * of thousands of findings. Findings of one combination share one frozen array of reasons. An SCA
 * finding that reaches fail-on-epss gets its own: the reason names its score.
 */
function memoizedBlockReasons() {
    // type → severity → mode, reachability or validation state → SCA shape → mode or malicious
    const cache = new Map();
    return (finding, mode, thresholds) => {
        if (finding.type === 'sca' && reachesEpss(finding, thresholds)) {
            return blockReasons(finding, mode, thresholds);
        }
        const third = finding.type === 'sast'
            ? mode
            : finding.type === 'sca'
                ? finding.reachability
                : finding.validationState;
        const fourth = finding.type === 'sast' ? undefined : finding.type === 'sca' ? finding.malicious : mode;
        const shape = nested(nested(nested(cache, finding.type), finding.severity), third);
        const level = nested(shape, scaShape(finding));
        let reasons = level.get(fourth);
        if (reasons === undefined) {
            reasons = Object.freeze(blockReasons(finding, mode, thresholds));
            level.set(fourth, reasons);
        }
        return reasons;
    };
}
/** The map under `key`, made when missing. */
function nested(map, key) {
    let inner = map.get(key);
    if (inner === undefined) {
        inner = new Map();
        map.set(key, inner);
    }
    return inner;
}
function emptyCounts() {
    return { low: 0, medium: 0, high: 0, critical: 0 };
}
/**
 * The verdict: pure, no I/O. `passed` or `failed`; skipping is decided by the caller. Every
 * finding is looked at once (evaluated, counted, its sort keys noted), then sorted once.
 */
function decide(input) {
    const reasonsOf = memoizedBlockReasons();
    const count = input.findings.length;
    const sast = emptyCounts();
    const sca = emptyCounts();
    const secrets = emptyCounts();
    const byType = { sast, sca, secrets };
    let unknownMode = 0;
    let blockingCount = 0;
    let ignoredCount = 0;
    const sortKeys = new SortKeys(count);
    const evaluated = new Array(count);
    for (let i = 0; i < count; i++) {
        const finding = input.findings[i];
        const mode = modeOfFinding(finding, input.modeOf);
        const e = evaluatedFinding(finding, mode, input, reasonsOf);
        evaluated[i] = e;
        byType[finding.type][finding.severity]++;
        if (mode === 'unknown' && finding.type === 'sast')
            unknownMode++;
        if (e.blocking)
            blockingCount++;
        if (e.ignored !== undefined)
            ignoredCount++;
        sortKeys.set(i, e);
    }
    const findings = reportOrder(evaluated, sortKeys);
    // Blocking findings come first in this order; the rest are ignored or non-blocking.
    const blocking = findings.slice(0, blockingCount);
    const rest = findings.slice(blockingCount);
    const ignored = ignoredCount === 0 ? [] : rest.filter(e => e.ignored !== undefined);
    const nonBlocking = ignoredCount === 0 ? rest : rest.filter(e => e.ignored === undefined);
    const licenses = judgedLicenses(input.licenseViolations, input.ignoreOf);
    const failed = blocking.length > 0 || licenses.blocking.length > 0;
    return {
        result: failed ? 'failed' : 'passed',
        findings,
        blocking,
        ignored,
        nonBlocking,
        licenseViolations: licenses.blocking,
        ...(licenses.ignored.length > 0 && { ignoredLicenseViolations: licenses.ignored }),
        ...(licenses.unknown.length > 0 && { unknownLicenses: licenses.unknown }),
        expiredIgnores: input.expiredIgnores,
        ...(input.proposedIgnores?.length ? { proposedIgnores: input.proposedIgnores } : {}),
        counts: { total: findings.length, sast, sca, secrets, unknownMode }
    };
}
/** The license gate's dependencies by outcome: blocking, exempted by an ignore entry, unknown. */
function judgedLicenses(listed, ignoreOf) {
    const out = {
        blocking: [],
        ignored: [],
        unknown: []
    };
    for (const violation of listed) {
        if (violation.judgement === 'unknown') {
            out.unknown.push(violation);
            continue;
        }
        const ignored = ignoreOf(violation);
        if (ignored === undefined)
            out.blocking.push(violation);
        else
            out.ignored.push({ ...violation, ignored });
    }
    return out;
}


/***/ }),

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


/***/ })

};

//# sourceMappingURL=80.index.js.map