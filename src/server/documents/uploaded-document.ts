/**
 * A document as a request brought it (a tool's multipart `file` part) or storage gave it back (a chat's
 * stored document, history/chat-copy.ts): its name, the type the client declared, its bytes, in memory
 * within the size limit. Read by the isolated extractor (documents-plugin.ts), never trusted.
 */
export interface UploadedDocument {
  name: string;
  /** The type the client declared (only consulted when the name has no extension). */
  declaredType: string;
  bytes: Buffer;
}
