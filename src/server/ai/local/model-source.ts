import { isAbsolute, resolve } from 'node:path';

/** Default local model: see docs/decisions/0007-default-local-model.md. Pinned revision, size and checksum. */
export const DEFAULT_LOCAL_MODEL = {
  name: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
  url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf',
  fileName: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
  sizeBytes: 1_117_320_736,
  sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
} as const;

export type ModelSource =
  | { kind: 'file'; name: string; path: string }
  | { kind: 'download'; name: string; url: string; path: string; sizeBytes?: number; sha256?: string };

export class ModelSourceError extends Error {}

/**
 * Where the local model comes from. LOCAL_MODEL may be a file path, an http(s) URL or
 * `hf:<owner>/<repo>/<file.gguf>` (a Hugging Face file); unset means the pinned default. Downloads land
 * in `modelsDir`; LOCAL_MODEL_SHA256, when given, is the checksum to verify.
 */
export function resolveModelSource(
  localModel: string | undefined,
  sha256: string | undefined,
  modelsDir: string,
): ModelSource {
  if (!localModel) {
    const d = DEFAULT_LOCAL_MODEL;
    return {
      kind: 'download',
      name: d.name,
      url: d.url,
      path: resolve(modelsDir, d.fileName),
      sizeBytes: d.sizeBytes,
      sha256: d.sha256,
    };
  }
  if (localModel.startsWith('hf:')) return download(huggingFaceUrl(localModel), sha256, modelsDir);
  if (/^https?:\/\//i.test(localModel)) return download(localModel, sha256, modelsDir);
  const path = isAbsolute(localModel) ? localModel : resolve(localModel);
  return { kind: 'file', name: fileNameOf(path), path };
}

function download(url: string, sha256: string | undefined, modelsDir: string): ModelSource {
  const fileName = fileNameOf(new URL(url).pathname);
  if (!fileName) throw new ModelSourceError(`LOCAL_MODEL URL does not name a file: ${url}`);
  return {
    kind: 'download',
    name: fileName,
    url,
    path: resolve(modelsDir, fileName),
    sha256: sha256?.toLowerCase(),
  };
}

/** `hf:owner/repo/dir/file.gguf` → the file's download URL on the main branch. */
export function huggingFaceUrl(reference: string): string {
  const match = /^hf:([\w.-]+)\/([\w.-]+)\/(.+\.gguf)$/i.exec(reference);
  if (!match) {
    throw new ModelSourceError(
      `LOCAL_MODEL=${reference} is not understood: use hf:<owner>/<repo>/<file>.gguf, e.g. hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf`,
    );
  }
  const [, owner, repo, file] = match;
  const path = (file ?? '').split('/').map(encodeURIComponent).join('/');
  return `https://huggingface.co/${owner}/${repo}/resolve/main/${path}`;
}

/** Last path segment, decoded, reduced to safe file-name characters. */
function fileNameOf(path: string): string {
  const last = decodeURIComponent(path.split(/[\\/]/).pop() ?? '');
  return last.replace(/[^\w.-]/g, '_');
}
