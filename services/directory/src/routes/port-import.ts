import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portImportResult } from '@mfd/contracts';
import { AppError, badRequest, errorResponses, payloadTooLarge } from '@mfd/service-kit';
import { actorOf } from '../data/actor';
import type { DirectoryDeps } from '../deps';
import { NotACodeListError } from '../domain/ports/code-list-reader';
import { asOnlyImport } from '../domain/ports/import-lock';
import { importPorts } from '../domain/ports/import-ports';
import { receiveToFile, UploadTimeoutError } from '../domain/ports/upload-to-file';

/** A size as people read it: "256.0 KB", "50.0 MB". */
export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Answers, then drops the connection: the rest of an upload that was refused is not worth reading. */
function closeAfterReply(request: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  reply.raw.once('finish', () => request.raw.destroy());
}

function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UploadTimeoutError(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * POST /api/ports/bulk-import (platform operators): the UN/LOCODE code list as a multipart file upload. The file
 * is received in full (to a temporary file, within time limits) before the import touches the
 * database, and each user runs one import at a time.
 */
export const portImportRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const limit = deps.config.UPLOAD_MAX_BYTES;
  const idleMs = deps.config.UPLOAD_IDLE_SECONDS * 1000;
  const totalMs = deps.config.UPLOAD_MAX_SECONDS * 1000;
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 5 } });

  app.post(
    '/api/ports/bulk-import',
    {
      config: { operator: true },
      bodyLimit: limit + 64 * 1024,
      schema: {
        operationId: 'importPorts',
        summary: 'Import the UN/LOCODE code list, uploaded as a CSV file (platform operators)',
        tags: ['ports'],
        consumes: ['multipart/form-data'],
        response: { 200: portImportResult, ...errorResponses(400, 408, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const tooLarge = () => payloadTooLarge(`The file is larger than ${sizeText(limit)}`);
      let received = false;
      try {
        if (Number(request.headers['content-length'] ?? 0) > limit + 64 * 1024) throw tooLarge();
        if (!request.isMultipart())
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Upload the code list as a file (multipart/form-data)',
          );
        const actor = actorOf(request.auth);
        const lockKey = `${deps.config.REDIS_PREFIX}:directory:port-import:${actor.userId}`;
        // The lock outlives the upload's own limit by the time a full import may take.
        return await asOnlyImport(deps.redis, lockKey, totalMs + 10 * 60 * 1000, async () => {
          const file = await within(
            request.file(),
            idleMs,
            `No file arrived within ${idleMs / 1000} s: the upload was stopped.`,
          );
          if (!file)
            throw badRequest('Choose a CSV file to import', [
              { field: 'file', message: 'A CSV file is required' },
            ]);
          if (!/\.csv$/i.test(file.filename) && !/csv|text\/plain|excel/.test(file.mimetype)) {
            file.file.resume();
            throw badRequest('The file must be a CSV', [
              { field: 'file', message: 'The file must be a CSV' },
            ]);
          }
          const upload = await receiveToFile(file.file, { idleMs, totalMs });
          try {
            // Past the size limit the upload is cut short: nothing of it is imported.
            if (file.file.truncated) throw tooLarge();
            received = true;
            const result = await importPorts(deps.database.db, upload.path, actor);
            deps.relay.kick();
            return result;
          } finally {
            await upload.remove();
          }
        });
      } catch (err) {
        if (!received) closeAfterReply(request, reply);
        if (err instanceof UploadTimeoutError) throw new AppError(408, 'REQUEST_TIMEOUT', err.message);
        if (err instanceof NotACodeListError)
          throw badRequest(err.message, [{ field: 'file', message: err.message }]);
        throw err;
      }
    },
  );
};
