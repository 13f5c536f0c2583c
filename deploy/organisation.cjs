// config.json: the organisation's preset of the platform's addresses, served beside the pages and
// read by the add-in at start (src/api/organisation.ts reads it, src/session/settings.ts applies
// it). A build writes it with no preset; whoever deploys the add-in edits the copy in dist/ (README,
// "Deploying": the format, and why a file rather than build-time variables).
const ORGANISATION_CONFIG_FILE = "config.json";
const DEFAULT_ORGANISATION_CONFIG = `${JSON.stringify({ platform: null }, null, 2)}\n`;

module.exports = { ORGANISATION_CONFIG_FILE, DEFAULT_ORGANISATION_CONFIG };
