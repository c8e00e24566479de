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
;// CONCATENATED MODULE: ./src/gate/report-order.ts

/**
 * The order of every report: blocking first, then the worst, then by type, rule, path, line and
 * id. Stable across machines: strings compare by code point, never by locale.
 */
function compareText(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** Blocking first, then the worst, then by place. */
function compareEvaluated(a, b) {
    return (Number(b.blocking) - Number(a.blocking) ||
        (0,domain/* severityRank */.qs)(b.finding.severity) - (0,domain/* severityRank */.qs)(a.finding.severity) ||
        compareText(a.finding.type, b.finding.type) ||
        compareText(a.finding.ruleName, b.finding.ruleName) ||
        compareText(a.finding.location?.path ?? '', b.finding.location?.path ?? '') ||
        (a.finding.location?.line ?? 0) - (b.finding.location?.line ?? 0) ||
        a.finding.id - b.finding.id);
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
    // An SCA finding counts toward the severity gate only when its reachability is one we fail on.
    const severityCounts = finding.type === 'sast' || thresholds.failOnExposures.includes(finding.reachability);
    const reasons = [
        ...(severityCounts ? severityReason(finding.severity, thresholds) : []),
        ...(finding.type === 'sast' ? policyModeReason(mode, thresholds) : [])
    ];
    if (finding.type === 'sca' && finding.malicious && thresholds.failOnMalicious) {
        reasons.push({ kind: 'malicious' });
    }
    return reasons;
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
/**
 * blockReasons, computed once per distinct combination of what it reads (type, severity, mode,
 * reachability, malicious, validation state): a few dozen combinations for tens of thousands of
 * findings. Findings of one combination share one frozen array of reasons.
 */
function memoizedBlockReasons() {
    // type → severity → mode, reachability or validation state → mode or malicious → reasons
    const cache = new Map();
    return (finding, mode, thresholds) => {
        const third = finding.type === 'sast'
            ? mode
            : finding.type === 'sca'
                ? finding.reachability
                : finding.validationState;
        const fourth = finding.type === 'sast' ? undefined : finding.type === 'sca' ? finding.malicious : mode;
        const level = nested(nested(nested(cache, finding.type), finding.severity), third);
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
 * finding is looked at once (evaluated and counted), then sorted once.
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
    }
    const findings = evaluated.sort(compareEvaluated);
    // Blocking findings come first in this order; the rest are ignored or non-blocking.
    const blocking = findings.slice(0, blockingCount);
    const rest = findings.slice(blockingCount);
    const ignored = ignoredCount === 0 ? [] : rest.filter(e => e.ignored !== undefined);
    const nonBlocking = ignoredCount === 0 ? rest : rest.filter(e => e.ignored === undefined);
    const failed = blocking.length > 0 || input.licenseViolations.length > 0;
    return {
        result: failed ? 'failed' : 'passed',
        findings,
        blocking,
        ignored,
        nonBlocking,
        licenseViolations: input.licenseViolations,
        expiredIgnores: input.expiredIgnores,
        ...(input.proposedIgnores?.length ? { proposedIgnores: input.proposedIgnores } : {}),
        counts: { total: findings.length, sast, sca, secrets, unknownMode }
    };
}


/***/ })

};

//# sourceMappingURL=80.index.js.map