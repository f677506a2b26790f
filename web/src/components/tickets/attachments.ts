import { TICKET_ATTACHMENT_RULES } from '../../api/serverConstants.gen';
import { fileTypeOf } from '../fileType';

export const MAX_ATTACHMENTS = TICKET_ATTACHMENT_RULES.maxFiles;
export const MAX_ATTACHMENT_BYTES = TICKET_ATTACHMENT_RULES.maxBytes;
export const ATTACHMENT_TYPES = TICKET_ATTACHMENT_RULES.types;

export const TOO_MANY_FILES = TICKET_ATTACHMENT_RULES.tooMany;
export const TOO_MANY_FILES_CODE = 'Too many files';
export const OVERSIZED_FILES = TICKET_ATTACHMENT_RULES.tooLarge;
export const OVERSIZED_FILE_CODE = `File is larger than ${MAX_ATTACHMENT_BYTES} bytes`;
export const WRONG_TYPE_FILES = TICKET_ATTACHMENT_RULES.badType;
export const WRONG_TYPE_FILE_CODE = `File type must be one of ${ATTACHMENT_TYPES.join(', ')}`;

/** JPEG, PNG or GIF judged from the first bytes, as the server judges; null for anything else. */
export async function imageTypeOf(file: Blob): Promise<string | null> {
  const type = await fileTypeOf(file);
  return type !== null && (ATTACHMENT_TYPES as readonly string[]).includes(type) ? type : null;
}

export interface AttachmentCheck {
  /** The files that may be added. */
  accepted: File[];
  tooMany: boolean;
  oversized: string[];
  wrongType: string[];
}

/**
 * Checks files being added to those already chosen against the server's rules: at most
 * MAX_ATTACHMENTS in all (a batch that would pass the limit is refused whole), each within
 * MAX_ATTACHMENT_BYTES and of one of ATTACHMENT_TYPES.
 */
export async function checkAttachments(chosen: readonly File[], added: readonly File[]): Promise<AttachmentCheck> {
  if (chosen.length + added.length > MAX_ATTACHMENTS) return { accepted: [], tooMany: true, oversized: [], wrongType: [] };
  const check: AttachmentCheck = { accepted: [], tooMany: false, oversized: [], wrongType: [] };
  for (const file of added) {
    if (file.size > MAX_ATTACHMENT_BYTES) check.oversized.push(file.name);
    else if ((await imageTypeOf(file)) === null) check.wrongType.push(file.name);
    else check.accepted.push(file);
  }
  return check;
}

export interface RejectionNotice {
  /** The portal's message, in Spanish. */
  message: string;
  /** The upload widget's own wording of the same refusal. */
  details: string[];
}

/** What to tell the user about refused files; empty when nothing was refused. */
export function rejectionNotices(check: AttachmentCheck): RejectionNotice[] {
  const notices: RejectionNotice[] = [];
  if (check.tooMany) notices.push({ message: TOO_MANY_FILES, details: [TOO_MANY_FILES_CODE] });
  if (check.oversized.length > 0) {
    notices.push({
      message: OVERSIZED_FILES + check.oversized.join(', '),
      details: check.oversized.map((name) => `${name}: ${OVERSIZED_FILE_CODE}`),
    });
  }
  if (check.wrongType.length > 0) {
    notices.push({
      message: WRONG_TYPE_FILES + check.wrongType.join(', '),
      details: check.wrongType.map((name) => `${name}: ${WRONG_TYPE_FILE_CODE}`),
    });
  }
  return notices;
}
