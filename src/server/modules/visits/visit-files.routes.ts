import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  photoChecksumHeader,
  photoIdParams,
  photoLimits,
  photoUploadQuery,
  visitIdParams,
  visitPhotoParams,
  visitStepResponse,
} from '@shared/visits/visit-record';
import { viewerOf } from '../orders/orders.service';
import {
  deletePhoto,
  readCustomerPhotoFile,
  readPhotoFile,
  readSignatureFile,
  uploadPhoto,
} from './visit-photos.service';

const uploadTypes = [...photoLimits.contentTypes, 'application/octet-stream'];

function sendFile(reply: FastifyReply, file: { bytes: Buffer; contentType: string }) {
  // Private: only this signed-in browser may keep it, for a day (the id never changes content).
  reply.header('cache-control', 'private, max-age=86400');
  reply.header('x-content-type-options', 'nosniff');
  return reply.type(file.contentType).send(file.bytes);
}

/**
 * Photo uploads (the raw image as the body, decision 038) and the files of the record, served
 * only to those who may see the visit or order.
 */
export const visitFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // The bytes as they came: checked by content (magic bytes) and checksum, never by the type.
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: 'buffer', bodyLimit: photoLimits.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/visits/:visitId/photos/:photoId',
    {
      config: { roles: ['engineer'] as const },
      bodyLimit: photoLimits.maxBytes,
      schema: {
        params: visitPhotoParams,
        querystring: photoUploadQuery,
        response: { 200: visitStepResponse },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const checksum = request.headers[photoChecksumHeader.toLowerCase()];
      return uploadPhoto(
        deps,
        viewerOf(request.user!),
        request.params.visitId,
        request.params.photoId,
        request.query,
        body,
        typeof checksum === 'string' ? checksum : undefined,
      );
    },
  );
  app.delete(
    '/visits/:visitId/photos/:photoId',
    {
      config: { roles: ['engineer'] as const },
      schema: { params: visitPhotoParams, response: { 200: visitStepResponse } },
    },
    async (request) =>
      deletePhoto(deps, viewerOf(request.user!), request.params.visitId, request.params.photoId),
  );

  const readers = { roles: ['back_office', 'contractor', 'engineer'] as const };
  app.get(
    '/visit-photos/:photoId',
    { config: readers, schema: { params: photoIdParams } },
    async (request, reply) =>
      sendFile(
        reply,
        await readPhotoFile(deps, viewerOf(request.user!), request.params.photoId, 'photo'),
      ),
  );
  app.get(
    '/visit-photos/:photoId/thumbnail',
    { config: readers, schema: { params: photoIdParams } },
    async (request, reply) =>
      sendFile(
        reply,
        await readPhotoFile(deps, viewerOf(request.user!), request.params.photoId, 'thumbnail'),
      ),
  );
  app.get(
    '/visits/:visitId/signature',
    { config: readers, schema: { params: visitIdParams } },
    async (request, reply) =>
      sendFile(
        reply,
        await readSignatureFile(deps, viewerOf(request.user!), request.params.visitId),
      ),
  );
  app.get(
    '/customer-photos/:photoId',
    { config: readers, schema: { params: photoIdParams } },
    async (request, reply) =>
      sendFile(
        reply,
        await readCustomerPhotoFile(deps, viewerOf(request.user!), request.params.photoId),
      ),
  );
};
