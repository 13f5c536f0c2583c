// The BOQ data path, below the PLATFORM functions and the BOQ sheet: the request layer (cache by
// arguments, shared identical requests, a concurrency limit, a deadline, cancellation), name
// resolution, the BOQ's rows and its spills, the navigator's lists, the runtime's one instance,
// and the words of statuses (its errors are worded by src/i18n's errorText). See README.md.
export {
  RequestLayer,
  CACHE_TTL_MS,
  MAX_CONCURRENT_REQUESTS,
  CALL_DEADLINE_MS,
  MAX_DERIVED_PER_ENTRY,
} from "./requests";
export type { RequestLayerOptions, RunOptions } from "./requests";
export { createBoqData, userScope, cached, cacheKey } from "./data";
export type { BoqData, DataSession, CachedOptions } from "./data";
export { resolvePath, companiesOf, companyOf, projectOf, projectsOf, modelOf, modelDetails } from "./names";
export type { PathRefs, ResolvedPath } from "./names";
export { pullBoq, boqSpill } from "./boq";
export type { BoqRequest, PulledBoq, SpillOptions } from "./boq";
export { pullComparison } from "./compare";
export type { ComparisonRequest, PulledComparison } from "./compare";
export { changeText, changeDetails } from "./compareWords";
export { projectChoices, analysisChoices } from "./choices";
export type { AnalysisChoice, SchemeChoice } from "./choices";
export { previewBoq, currencyOf, refusalReason } from "./preview";
export type { BoqPreview } from "./preview";
export { installedBoqData, installBoqData, forgetBoqResults, setBoqDataForTests } from "./slot";
export { sharedBoqData } from "./runtime";
export { analysisStatusText, importStatusText } from "./words";
export { fieldHeaders, headerWords } from "./headers";
export { cellFailure } from "./failure";
export { cellKey, invocationStarted, watchInvocations } from "./invocations";
export type { CellWatch, Completion, InvocationWatch } from "./invocations";
export type { CellFailure } from "./failure";
