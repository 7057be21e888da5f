import { randomBytes } from 'node:crypto';
import type { DocumentRecord } from '../db/schema/media-types.ts';
import { AppError } from '../errors.ts';
import { carriesMarkup } from '../media/inspect-image.ts';
import { storeDocument } from '../media/listing-media.ts';
import type { FileStorage } from '../storage/storage.ts';

/** What one chat message may carry. */
export const CHAT_LIMITS = {
  messageMaxChars: 2000,
  fileMaxBytes: 10 * 1024 * 1024,
  audioMaxBytes: 5 * 1024 * 1024,
  /** Messages per user and minute. */
  perMinute: 30,
} as const;

const AUDIO_EXTENSIONS = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3' } as const;
export type AudioType = keyof typeof AUDIO_EXTENSIONS;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The recording formats browsers' MediaRecorder produces (and MP3), recognised by their first bytes, never by the
 * name or type the client claims: WebM/Matroska (EBML header), Ogg ("OggS"), MP4/M4A ("ftyp" box), MPEG audio
 * (an ID3 tag or a frame sync).
 */
export function detectAudio(bytes: Uint8Array): AudioType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0) return 'audio/mpeg';
  return null;
}

/*
 * Chat files live under keys nobody can guess (128 random bits) and are only linked through
 * /api/chat/attachment/{message}/{kind}, which checks the caller is in the conversation.
 */
const privatePrefix = () => `chat/${randomBytes(16).toString('hex')}`;

/** A PDF or an image, recognised by its bytes, at most 10 MB. */
export async function storeChatFile(storage: FileStorage, file: File): Promise<DocumentRecord> {
  if (file.size > CHAT_LIMITS.fileMaxBytes) throw AppError.validation({ file: ['chat.file_too_large'] });
  return storeDocument(storage, file, 'file', privatePrefix());
}

/** A voice recording, recognised by its bytes, at most 5 MB. */
export async function storeChatAudio(storage: FileStorage, file: File): Promise<DocumentRecord> {
  if (file.size > CHAT_LIMITS.audioMaxBytes) throw AppError.validation({ audio: ['chat.audio_too_large'] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = carriesMarkup(bytes) ? null : detectAudio(bytes);
  if (!contentType) throw AppError.validation({ audio: ['chat.audio_type'] });
  const extension = AUDIO_EXTENSIONS[contentType];
  const key = `${privatePrefix()}.${extension}`;
  await storage.put(key, bytes, contentType);
  return { key, name: `voice.${extension}`, contentType, size: bytes.length };
}
