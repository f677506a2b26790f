import { SAT_DOCUMENT_RULES, SAT_LOGO_RULES } from '../../api/serverConstants.gen';
import { fileTypeOf, type FileType } from '../../components/fileType';

export interface FileRules {
  /** How many files may be chosen; with 1, a new file takes the place of the chosen one. */
  maxFiles: number;
  maxBytes: number;
  types: readonly FileType[];
  /** The file chooser's filter. */
  accept: string;
  /** The portal's messages, in Spanish (the server's own, but for empty); the names follow. */
  tooMany: string;
  tooLarge: string;
  badType: string;
  empty: string;
}

export const TOO_MANY_FILES_CODE = 'Too many files';
export const EMPTY_FILE_CODE = 'File is smaller than 1 bytes';
export const oversizedCode = (rules: FileRules) => `File is larger than ${rules.maxBytes} bytes`;
export const wrongTypeCode = (rules: FileRules) => `File type must be one of ${rules.types.join(', ')}`;

const EXTENSIONS: Record<FileType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
};

/** The file chooser's filter for the types: their extensions, then the types themselves. */
function acceptOf(types: readonly FileType[]): string {
  return [...types.flatMap((type) => EXTENSIONS[type]), ...types].join(',');
}

export const DOCUMENT_RULES: FileRules = {
  ...SAT_DOCUMENT_RULES,
  accept: acceptOf(SAT_DOCUMENT_RULES.types),
  empty: 'Los siguientes documentos están vacíos: ',
};

export const LOGO_RULES: FileRules = {
  ...SAT_LOGO_RULES,
  accept: acceptOf(SAT_LOGO_RULES.types),
  empty: 'El logo está vacío: ',
};

export interface FileCheck {
  /** The files to keep, in place of the chosen ones. */
  next: File[];
  tooMany: boolean;
  empty: string[];
  oversized: string[];
  wrongType: string[];
}

/**
 * Checks files added to those already chosen. A batch that would pass the limit is refused
 * whole ('Too many files'); each file must be non-empty, within the size and of an allowed type.
 */
export async function checkFiles(chosen: readonly File[], added: readonly File[], rules: FileRules): Promise<FileCheck> {
  const replacing = rules.maxFiles === 1;
  const check: FileCheck = { next: [...chosen], tooMany: false, empty: [], oversized: [], wrongType: [] };
  if ((replacing ? added.length : chosen.length + added.length) > rules.maxFiles) return { ...check, tooMany: true };
  for (const file of added) {
    if (file.size === 0) check.empty.push(file.name);
    else if (file.size > rules.maxBytes) check.oversized.push(file.name);
    else if (!rules.types.includes((await fileTypeOf(file)) as FileType)) check.wrongType.push(file.name);
    else check.next = replacing ? [file] : [...check.next, file];
  }
  return check;
}

export interface FileNotice {
  /** The portal's message, in Spanish. */
  message: string;
  /** The file chooser's own wording of the same refusal, per file. */
  details: string[];
}

/** What to tell the user about refused files; empty when nothing was refused. */
export function fileNotices(check: FileCheck, rules: FileRules): FileNotice[] {
  const notices: FileNotice[] = [];
  if (check.tooMany) notices.push({ message: rules.tooMany, details: [TOO_MANY_FILES_CODE] });
  const perFile = (names: string[], message: string, code: string) => {
    if (names.length > 0) notices.push({ message: message + names.join(', '), details: names.map((name) => `${name}: ${code}`) });
  };
  perFile(check.empty, rules.empty, EMPTY_FILE_CODE);
  perFile(check.oversized, rules.tooLarge, oversizedCode(rules));
  perFile(check.wrongType, rules.badType, wrongTypeCode(rules));
  return notices;
}

/** A file's size for people: "850 KB", "1.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-MX', { maximumFractionDigits: 1 })} MB`;
}
