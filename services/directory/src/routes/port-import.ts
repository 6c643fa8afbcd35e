import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portImportResult } from '@mfd/contracts';
import { AppError, badRequest, payloadTooLarge } from '@mfd/service-kit';
import { actorOf } from '../data/actor';
import type { DirectoryDeps } from '../deps';
import { importPorts, NotACodeListError } from '../domain/ports/import-ports';

/** POST /api/ports/bulk-import (admin): the UN/LOCODE code list as a multipart file upload. */
export const portImportRoutes: FastifyPluginAsyncZod<{ deps: DirectoryDeps }> = async (app, { deps }) => {
  const limit = deps.config.UPLOAD_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 5 } });

  app.post(
    '/api/ports/bulk-import',
    { config: { role: 'admin' }, bodyLimit: limit + 64 * 1024, schema: { tags: ['ports'], consumes: ['multipart/form-data'], response: { 200: portImportResult } } },
    async (request) => {
      const tooLarge = () => payloadTooLarge(`The file is larger than ${Math.round(limit / 1024 / 1024)} MB`);
      if (Number(request.headers['content-length'] ?? 0) > limit + 64 * 1024) throw tooLarge();
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload the code list as a file (multipart/form-data)');
      const file = await request.file();
      if (!file) throw badRequest('Choose a CSV file to import', [{ field: 'file', message: 'A CSV file is required' }]);
      if (!/\.csv$/i.test(file.filename) && !/csv|text\/plain|excel/.test(file.mimetype)) {
        file.file.resume();
        throw badRequest('The file must be a CSV', [{ field: 'file', message: 'The file must be a CSV' }]);
      }
      try {
        return await importPorts(deps.database.db, file.file, actorOf(request.auth), {
          // Past the size limit the upload is cut short: nothing of it is kept.
          beforeCommit: () => {
            if (file.file.truncated) throw tooLarge();
          },
        });
      } catch (err) {
        if (err instanceof NotACodeListError) throw badRequest(err.message, [{ field: 'file', message: err.message }]);
        throw err;
      }
    },
  );
};
