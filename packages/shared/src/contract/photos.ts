/**
 * Photo gallery and verification calls (issue 28): the member's own photos (list, add, replace,
 * delete, reorder), the photos of an opened profile, the verification steps, and the console's
 * « Vérifications » queue. Uploads are multipart forms read by their handler.
 */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { ZAdminIdParams } from '../admin.js';
import { ZMemberPhotos, ZOwnPhoto, ZPhotoIdParams, ZPhotoOrderRequest } from '../photos.js';
import { ZSessionOnlyRequest } from '../auth.js';
import { ZMemberIdParams } from '../safety.js';
import { ZVerificationRequest, ZVerificationStatus } from '../verification.js';
import {
  ZAdminVerification,
  ZAdminVerificationItem,
  ZAdminVerificationsRequest,
  ZAdminVerificationRefuseRequest,
} from '../admin-verifications.js';
import { defineRoute } from './define.js';

const gallery = () => envelopeOf(z.array(ZOwnPhoto));
const PHOTO_ERRORS = ['too_large', 'image_too_large', 'invalid_image'] as const;
const done = () => envelopeOf(z.never());

export const photoRoutes = {
  'photos.mine': defineRoute('photos.mine', {
    request: ZSessionOnlyRequest,
    response: gallery(),
    errors: [],
  }),
  'photos.add': defineRoute('photos.add', {
    multipart: {
      photo: { description: 'La photo recadrée (image, 5 Mo au plus)', file: true, required: true },
    },
    response: gallery(),
    status: 201,
    errors: ['validation', 'photos_full', ...PHOTO_ERRORS],
  }),
  'photos.replace': defineRoute('photos.replace', {
    params: ZPhotoIdParams,
    multipart: {
      photo: { description: 'La nouvelle photo recadrée', file: true, required: true },
    },
    response: gallery(),
    errors: ['validation', 'not_found', ...PHOTO_ERRORS],
  }),
  'photos.delete': defineRoute('photos.delete', {
    request: ZSessionOnlyRequest,
    params: ZPhotoIdParams,
    response: gallery(),
    errors: ['validation', 'not_found', 'photo_last'],
  }),
  'photos.reorder': defineRoute('photos.reorder', {
    request: ZPhotoOrderRequest,
    response: gallery(),
    errors: ['validation'],
  }),
  'photos.ofMember': defineRoute('photos.ofMember', {
    request: ZSessionOnlyRequest,
    params: ZMemberIdParams,
    response: envelopeOf(ZMemberPhotos),
    errors: ['validation', 'not_found'],
  }),
  'verification.status': defineRoute('verification.status', {
    request: ZVerificationRequest,
    response: envelopeOf(ZVerificationStatus),
    errors: [],
  }),
  'verification.submit': defineRoute('verification.submit', {
    multipart: {
      selfie_1: { description: 'Le selfie de la première pose', file: true, required: true },
      selfie_2: { description: 'Le selfie de la seconde pose', file: true, required: true },
    },
    response: envelopeOf(ZVerificationStatus),
    status: 201,
    errors: [
      'validation',
      'verification_limit',
      'verification_pending',
      'already_verified',
      'selfie_duplicate',
      ...PHOTO_ERRORS,
    ],
  }),
  'admin.verifications.list': defineRoute('admin.verifications.list', {
    request: ZAdminVerificationsRequest,
    response: pagedEnvelopeOf(ZAdminVerificationItem),
    errors: ['validation'],
  }),
  'admin.verifications.get': defineRoute('admin.verifications.get', {
    params: ZAdminIdParams,
    response: envelopeOf(ZAdminVerification),
    errors: ['validation', 'not_found'],
  }),
  'admin.verifications.approve': defineRoute('admin.verifications.approve', {
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
  'admin.verifications.refuse': defineRoute('admin.verifications.refuse', {
    request: ZAdminVerificationRefuseRequest,
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
};
