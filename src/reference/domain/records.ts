/**
 * The shapes of the rows the reference server stores. Views (resources/*) turn them into API
 * objects; nothing here is sent as is.
 *
 *   const user: UserRecord = store.users.get(1)!; // the seeded administrator
 */
export type UserState = 'active' | 'blocked' | 'deactivated' | 'ldap_blocked';
export type Visibility = 'private' | 'internal' | 'public';

export interface Identity {
  provider: string;
  externUid: string;
  samlProviderId: number | null;
}

export interface UserRecord {
  id: number;
  username: string;
  name: string;
  email: string;
  state: UserState;
  admin: boolean;
  bio: string;
  location: string | null;
  publicEmail: string;
  skype: string;
  linkedin: string;
  twitter: string;
  discord: string;
  websiteUrl: string;
  organization: string;
  jobTitle: string;
  note: string;
  projectsLimit: number;
  canCreateGroup: boolean;
  themeId: number;
  colorSchemeId: number;
  external: boolean;
  privateProfile: boolean;
  twoFactorEnabled: boolean;
  identities: Identity[];
  sharedRunnersMinutesLimit: number | null;
  extraSharedRunnersMinutesLimit: number | null;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt: Date | null;
  currentSignInAt: Date | null;
  lastSignInAt: Date | null;
  currentSignInIp: string | null;
  lastSignInIp: string | null;
  /** YYYY-MM-DD of the last API use (or other activity); null until the first. */
  lastActivityOn: string | null;
  lastActivityAt: Date | null;
  createdById: number | null;
  /** The personal namespace (kind 'user'). */
  namespaceId: number;
  /** An uploaded avatar (multipart POST/PUT /users); null: the default (gravatar) URL. */
  avatar: UploadedAvatar | null;
  /** A new e-mail waiting for reconfirmation (PUT /users/:id without skip_reconfirmation). */
  unconfirmedEmail: string | null;
  /** The status set with PUT /user/status; absent or null: none. */
  status?: UserStatusRecord | null;
}

export interface UserStatusRecord {
  emoji: string;
  message: string;
  availability: 'not_set' | 'busy';
  clearStatusAt: Date | null;
}

export interface UploadedAvatar {
  filename: string;
  contentType: string;
  data: Buffer;
}

export type TokenKind = 'personal' | 'impersonation';

export interface TokenRecord {
  id: number;
  userId: number;
  token: string;
  name: string;
  scopes: string[];
  kind: TokenKind;
  revoked: boolean;
  /** YYYY-MM-DD; the token stops working on that day. */
  expiresAt: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface BroadcastMessageRecord {
  id: number;
  message: string;
  startsAt: Date;
  endsAt: Date;
  color: string;
  font: string;
  targetPath: string;
  broadcastType: string;
  targetAccessLevels: number[];
  dismissable: boolean;
  theme: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface NamespaceRecord {
  id: number;
  kind: 'user' | 'group';
  name: string;
  path: string;
  parentId: number | null;
  /** The owning user of a personal namespace; null for groups. */
  ownerId: number | null;
  visibility: Visibility;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  /** When DELETE marked the group for deletion (the scheduled-deletion capability); absent otherwise. */
  markedForDeletionAt?: Date;
}

export interface ProjectRecord {
  id: number;
  name: string;
  path: string;
  namespaceId: number;
  description: string;
  visibility: Visibility;
  creatorId: number;
  topics: string[];
  createdAt: Date;
  updatedAt: Date;
  lastActivityAt: Date;
  /** When DELETE marked the project for deletion (the scheduled-deletion capability; it is archived too); absent otherwise. */
  markedForDeletionAt?: Date;
}

export type MemberSource = 'Project' | 'Namespace';

export interface MemberRecord {
  id: number;
  userId: number;
  sourceType: MemberSource;
  sourceId: number;
  accessLevel: number;
  expiresAt: string | null;
  createdById: number | null;
  createdAt: Date;
}

export type EpicState = 'opened' | 'closed';

/** A group epic; iid counts per group, id across all groups. */
export interface EpicRecord {
  id: number;
  iid: number;
  groupId: number;
  parentId: number | null;
  title: string;
  /** null when none was given under platform.epic-description-null (the spec profile stores ""). */
  description: string | null;
  state: EpicState;
  authorId: number;
  /** Group labels (ids in `labels`), in the order given. */
  labelIds: number[];
  startDateIsFixed: boolean;
  /** YYYY-MM-DD or null. */
  startDateFixed: string | null;
  dueDateIsFixed: boolean;
  dueDateFixed: string | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  closedById: number | null;
}

/** A group label (epics use their group's labels and those of its ancestors). */
export interface LabelRecord {
  id: number;
  groupId: number;
  name: string;
  color: string;
  description: string | null;
  createdAt: Date;
}

/** A to-do item of a user; the reference creates them on epics only. */
export interface TodoRecord {
  id: number;
  userId: number;
  authorId: number;
  groupId: number;
  targetType: 'Epic';
  targetId: number;
  actionName: 'marked';
  state: 'pending' | 'done';
  body: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A project cluster added through POST /projects/:id/clusters/user (or another route). */
export interface ClusterRecord {
  id: number;
  projectId: number;
  name: string;
  /** Base domain; null when unset (the view leaves it out). */
  domain: string | null;
  enabled: boolean;
  managed: boolean;
  environmentScope: string;
  providerType: string;
  platformType: string;
  clusterType: string;
  /** The creator. */
  userId: number;
  /** True when added through the add-existing-cluster route (only such clusters take name/api_url/ca_cert/token changes). */
  userAdded: boolean;
  apiUrl: string;
  /** Never shown by any view. */
  token: string;
  caCert: string | null;
  namespace: string;
  authorizationType: 'rbac' | 'abac' | 'unknown_authorization';
  createdAt: Date;
}

export interface VariableRecord {
  id: number;
  projectId: number;
  key: string;
  value: string;
  variableType: 'env_var' | 'file';
  protected: boolean;
  masked: boolean;
  environmentScope: string;
}

export interface DependencyRecord {
  id: number;
  projectId: number;
  name: string;
  /** null for a component found without a version (platform.dependency-without-version). */
  version: string | null;
  packageManager: string;
  dependencyFilePath: string;
  vulnerabilities: { name: string; severity: string }[];
  licenses: { name: string; url: string }[];
}

export interface SshKeyRecord {
  id: number;
  userId: number;
  title: string;
  /** OpenSSH type, e.g. ssh-ed25519. */
  type: string;
  /** Base64 of the wire encoding. */
  body: string;
  /** The comment as given (the API shows "<user name> (<host>)" instead). */
  comment: string;
  fingerprintMd5: string;
  fingerprintSha256: string;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface GpgKeyRecord {
  id: number;
  userId: number;
  /** The armored public key block as given (trimmed). */
  key: string;
  fingerprint: string;
  primaryKeyId: string;
  createdAt: Date;
}

/** A secondary e-mail address (the primary one lives on the user). */
export interface EmailRecord {
  id: number;
  userId: number;
  email: string;
  confirmedAt: Date | null;
  createdAt: Date;
}
