/**
 * Every provider path the hub calls, in one table, relative to PROVIDER_URL (THRON's `…/api`, or
 * `/provider` on this server for the built-in one). Paths and shapes: research/provider-api.md.
 */
const client = (clientId: string) => encodeURIComponent(clientId);
const id = (value: string) => encodeURIComponent(value);
const scope = (clientId: string, classificationId: string) => `${client(clientId)}/${id(classificationId)}`;

export const PROVIDER_PATHS = {
  identity: {
    /** §2.1: form username, password → MResponseAccessLogin. */
    login: (clientId: string) => `/xsso/resources/accessmanager/login/${client(clientId)}`,
    /** §2.2: X-TOKENID, form username → MResponseAccessLogin; 403 when expired. */
    validateToken: (clientId: string) => `/xsso/resources/accessmanager/validateToken/${client(clientId)}`,
    /** §2.1: X-TOKENID. */
    logout: (clientId: string) => `/xsso/resources/accessmanager/logout/${client(clientId)}`,
    /** §2.4: query clientId, username, offset, numberOfResults → user, linkedGroups, totalResults. */
    userDetail: () => '/xsso/resources/vusermanager/detail/',
    /** SPEC §7 (not in THRON's public sources): form client_id, code → access_token (single sign-on). */
    oauthToken: () => '/auth/resources/oauth/token',
  },

  /** Contents (research §3.4–§3.8). */
  contents: {
    /** Built-in provider on disk only: PUT body → {bucket, filePath}; with S3, getS3UploadCredentials. */
    upload: (clientId: string) => `/xpackager/resources/upload/${client(clientId)}`,
    s3UploadCredentials: () => '/xpackager/resources/repository/getS3UploadCredentials',
    insert: (clientId: string) => `/xadmin/resources/content/insert/${client(clientId)}`,
    checkInsert: (clientId: string) => `/xadmin/resources/content/checkInsert/${client(clientId)}`,
    updateSource: (clientId: string) => `/xadmin/resources/content/updateSource/${client(clientId)}`,
    trash: (clientId: string) => `/xadmin/resources/content/trash/${client(clientId)}`,
    addLocale: () => '/xcontents/resources/content/addContent4Locale',
    updateLocale: () => '/xcontents/resources/content/updateContent4Locale',
    contentsByIds: (clientId: string) => `/xcontents/resources/content/getContentsByIds/${client(clientId)}`,
    /**
     * SPEC §7 "content draft save" (THRON's shape is not public, research §8): body {contentIds ≤ 50,
     * draft | null, username?} → {contentsInIssue}; getDraft body {contentIds ≤ 50} → {drafts}.
     */
    saveDraft: (clientId: string) => `/xcontents/resources/content/saveDraft/${client(clientId)}`,
    getDraft: (clientId: string) => `/xcontents/resources/content/getDraft/${client(clientId)}`,
    stream: (clientId: string, contentId: string, kind: string) =>
      `/xcontents/resources/content/stream/${client(clientId)}/${id(contentId)}/${id(kind)}`,
    /** JDelivery.getThumbnail (research §7): the content's image fitted to a divArea 'WxH'. */
    thumbnail: (clientId: string, contentId: string, divArea: string) =>
      `/xcontents/resources/delivery/getThumbnail/${client(clientId)}/${id(divArea)}/${id(contentId)}`,
  },

  /**
   * Folders (research §3.1). THRON documents findByProperties2, getCategory and contentcategory;
   * insert, update and remove are the built-in provider's, in THRON's `{verb}/{clientId}[/{id}]` style.
   */
  folders: {
    /** body client, properties{categoryIds, childOf, excludeLevelHigherThan}, offset, numberOfResult ≤ 50. */
    findByProperties2: () => '/xcontents/resources/category/findByProperties2',
    /** query clientId, categoryId, locale → {category}. */
    getCategory: () => '/xcontents/resources/category/getCategory',
    /** body {category:{upCategoryId, locales[{locale, name}], prettyId?}} → {category}; `manage` on the parent. */
    insert: (clientId: string) => `/xcontents/resources/category/insert/${client(clientId)}`,
    /** body {update:{locales?[{locale, name}], prettyId?}} → {category}; `manage` on the folder. */
    update: (clientId: string, categoryId: string) =>
      `/xcontents/resources/category/update/${client(clientId)}/${id(categoryId)}`,
    /** → envelope; CATEGORY_NOT_EMPTY when it has sub-folders or contents; `manage` on the folder. */
    remove: (clientId: string, categoryId: string) =>
      `/xcontents/resources/category/remove/${client(clientId)}/${id(categoryId)}`,
    /** body {categoryId, items:{ids ≤ 50}} → {itemsInIssue, notLinked}; `write` on the folder. */
    link: (clientId: string) => `/xcontents/resources/contentcategory/link/${client(clientId)}`,
    unlink: (clientId: string) => `/xcontents/resources/contentcategory/unlink/${client(clientId)}`,
    /** SPEC §7 sharing-folder lookup (not in THRON's public sources): query clientId → {linkedCategory: ids}. */
    sharingFolders: () => '/xcontents/resources/contentcategory/getSharingCategory',
  },

  /** Content search (research §3.2, §3.3). */
  search: {
    /** clientId in the body; numberOfresults ≤ 50, offset, totalResults. */
    findByProperties: () => '/xcontents/resources/content/findByProperties',
    /** Token-paged (pageToken → nextPageToken, estimatedTotalResults). */
    search: (clientId: string) => `/xcontents/resources/content/search/${client(clientId)}`,
  },

  /**
   * Archives (research §3.9). THRON serves download from its -extra host; the built-in provider
   * from the same one, so one base URL serves both.
   */
  archives: {
    prepare: (clientId: string) => `/xcontents/resources/archive/prepare/${client(clientId)}`,
    download: (clientId: string) => `/xcontents/resources/archive/download/${client(clientId)}`,
  },

  /** Itags and imetadata (research §4.4, §4.5). */
  tagging: {
    /** body {value:{tagId:{id}, targets:[{id, entityType}] ≤ 50}} → {targetsInIssue}. */
    tagInsert: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/itag/bulkInsertMultiTargets/${scope(clientId, classificationId)}`,
    tagRemove: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/itag/bulkRemoveMultiTargets/${scope(clientId, classificationId)}`,
    /** body {value:{imetadata:[{key, value, lang?}] ≤ 50, target:{id, entityType}}} → envelope. */
    metadataInsert: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/imetadata/bulkInsert/${scope(clientId, classificationId)}`,
    metadataRemove: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/imetadata/bulkRemove/${scope(clientId, classificationId)}`,
    /** body {value:{imetadata:{key, value?}, targets ≤ 50}} → {targetsInIssue}. */
    metadataInsertMany: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/imetadata/bulkInsertMultiTargets/${scope(clientId, classificationId)}`,
    metadataRemoveMany: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/imetadata/bulkRemoveMultiTargets/${scope(clientId, classificationId)}`,
    /** body {criteria{keys[]}, limit ≤ 50, offset} → {items[MMetadataDefinition], totalResults}. */
    metadataDefinitions: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/imetadatadefinition/list/${scope(clientId, classificationId)}`,
    /** body {criteria{ids ≤ 50}} → {items[MITagDefinitionDetail], totalResults}: the tag fetch by ids. */
    tagDefinitions: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/itagdefinition/list/${scope(clientId, classificationId)}`,
    /**
     * SPEC §7 (research §4.1): body {value:{names[{lang, label, description}], categorized false},
     * patch[{op remove, field prettyId}]} → {item{id}}; ITAG_ALREADY_DEFINED for a taken name.
     */
    tagDefinitionInsert: (clientId: string, classificationId: string) =>
      `/xintelligence/resources/itagdefinition/insert/${scope(clientId, classificationId)}`,
    /** SPEC §7 (research §4.2): the tag by id or prettyId → {item[MITagDefinitionDetail]}; ITAG_NOT_FOUND. */
    tagDefinitionDetail: (clientId: string, classificationId: string, tagId: string) =>
      `/xintelligence/resources/itagdefinition/detail/${scope(clientId, classificationId)}/${id(tagId)}`,
    /** query cursor?, limit ≤ 50 → {items[{id, prettyId, name{lang}, tags}], paging{next?}} (SPEC §7 product listing). */
    products: (clientId: string) => `/productdata/resources/products/${client(clientId)}`,
    /** → {contentId, items[{id}]}: the products a content is linked to (SPEC §7 product-content links). */
    contentProducts: (clientId: string, contentId: string) =>
      `/productdata/resources/contents/${client(clientId)}/${id(contentId)}/products`,
  },

  /**
   * External shares (SPEC §7; not in THRON's public sources, research §6): query clientId, X-TOKENID.
   * POST the request → {id}; GET {id} → token, state.status, url. List, revoke and the delivery
   * report are the built-in provider's, for the management panel.
   */
  externalShares: {
    shares: () => '/externalshare/resources/externalshares',
    share: (shareId: string) => `/externalshare/resources/externalshares/${id(shareId)}`,
    events: (shareId: string) => `/externalshare/resources/externalshares/${id(shareId)}/events`,
    revoke: (shareId: string) => `/externalshare/resources/externalshares/${id(shareId)}/revoke`,
    revokeRecipient: (shareId: string, recipientId: string) =>
      `/externalshare/resources/externalshares/${id(shareId)}/recipients/${id(recipientId)}/revoke`,
    delivery: (shareId: string) => `/externalshare/resources/externalshares/${id(shareId)}/delivery`,
  },
} as const;
