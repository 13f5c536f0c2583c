/** In-memory shapes of the emulator's state. Wire shapes (docs/interface.md 2) are built from these. */

export interface Company {
  id: string;
  name: string;
  isPersonal: boolean;
  /** The capability to manage API clients, switched on per company by the platform's support. */
  apiClients: boolean;
}

export interface User {
  id: string;
  username: string;
  password: string;
  name: string;
  email: string;
  /** Companies the user belongs to; the first is the one put into the company_id claim by default. */
  companyIds: string[];
  /** Companies where the user may manage API clients. */
  adminOf: string[];
}

export type GrantType = "password" | "authorization_code" | "refresh_token";

export interface ApiClient {
  clientId: string;
  clientName: string;
  description: string;
  companyId: string;
  /** sha256 of the secret; null for a public client (code flow with PKCE, no secret). */
  secretHash: string | null;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  corsOrigins: string[];
  platformServices: string[];
  grantTypes: GrantType[];
  isActive: boolean;
  createdAt: string;
}

export interface CatalogPosition {
  platformId: string;
  externalId: string;
  code: string;
  name: string;
  price: number;
  unit: string;
  currency: string;
  binding: string;
  controlPoints: { Binding: string; VariableName: string }[];
  parentId: string | null;
}

export interface Catalog {
  id: string;
  companyId: string;
  name: string;
  positions: CatalogPosition[];
}

export type JobStatus = "Queued" | "Running" | "ReportCreated" | "Failed";

export interface ImportPosition {
  guid: string | null;
  code: string | null;
  name: string | null;
  price: number | null;
  unit: string | null;
  currency: string | null;
  binding: string | null;
  controlPoints: { Binding: string; VariableName: string }[] | null;
}

export interface DeletedPosition {
  guid: string | null;
  code: string | null;
  name: string | null;
}

export interface ImportRequest {
  catalogName: string;
  companyId: string | null;
  data: ImportPosition[];
  deleted: DeletedPosition[];
}

export interface ImportJob {
  jobId: string;
  statusId: string;
  catalogId: string;
  catalogName: string;
  companyId: string;
  userId: string;
  status: JobStatus;
  progress: number;
  error: string | null;
  createdAt: string;
  date: string;
  /** Set when a fault asked this job to fail instead of completing. */
  failWith: string | null;
  positionCount: number;
  sequence: number;
}

export interface InsertedTwig {
  PlatformId: string;
  ExternalId: string;
  Code: string;
  Name: string;
  Price: number;
  CurrencyCharCode: string;
  Unit: string;
}

export interface UpdatedTwig {
  PlatformId: string;
  SourceCode: string;
  UpdatedCode: string;
  SourceName: string;
  UpdatedName: string;
  SourcePrice: number;
  UpdatedPrice: number;
  SourceCurrencyCharCode: string;
  UpdatedCurrencyCharCode: string;
  SourceUnit: string;
  UpdatedUnit: string;
}

export interface DeletedTwig {
  PlatformId: string;
  ExternalId: string;
  Code: string;
  Name: string;
}

export interface IgnoredTwig extends InsertedTwig {
  /** Why it was ignored; the interface's log has no such field (see variations.ts). */
  Reason?: string;
}

export interface ImportLog {
  InsertedTwigs: InsertedTwig[];
  UpdatedTwigs: UpdatedTwig[];
  DeletedTwigs: DeletedTwig[];
  IgnoredTwigs: IgnoredTwig[];
}

export interface RefreshTokenRecord {
  token: string;
  clientId: string;
  userId: string;
  scope: string[];
  companyId: string;
  expiresAt: number;
  /** False for the password grant (no id_token); absent in records saved by earlier versions. */
  openIdFlow?: boolean;
}

export interface IssuedToken {
  jti: string;
  clientId: string;
  userId: string;
  /** Epoch seconds; kept only until then. */
  exp: number;
}
