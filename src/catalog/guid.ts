// GUIDs: the one pattern of a GUID as the add-in writes and sends it, and the nil GUID. Nothing
// else lives here, so the rooms that only compare ids (src/api, src/boq) take no more of the
// catalog than these two constants (the pane's first scripts stay small: test/build).

/** A GUID in its canonical form: lower-case hex, 8-4-4-4-12, with dashes. */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The nil GUID: the platform reads it as "no Guid". */
export const NIL_GUID = "00000000-0000-0000-0000-000000000000";
