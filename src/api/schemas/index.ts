// zod schemas for every resource of docs/interface.md 2, plus the token endpoint, the OAuth
// error body and the service error body (docs/interface.md 6), one file per service or
// endpoint group; the policy they all follow is at the top of shape.ts.
export { NIL_UUID, camelizeKeys } from "./shape";
export * from "./importJob";
export * from "./project";
export * from "./model";
export * from "./boq";
export * from "./auth";
export * from "./clients";
export * from "./boundary";
