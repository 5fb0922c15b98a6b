/**
 * Story calls (spec 2 §7): the approved feed, publication, and views and likes. Reading,
 * viewing and liking are public (a token, when sent, ties them to the member).
 */
import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import {
  ZPublishStoryRequest,
  ZPublishedStory,
  ZStoriesPage,
  ZStoriesQuery,
  ZStoryId,
} from '../stories.js';
import { zText } from '../text.js';
import { defineRoute } from './define.js';

/** The spec's view and like calls send no body at all. */
const ZOptionalBody = z.preprocess((v) => v ?? {}, z.object({ token: zText().optional() }));

export const storyRoutes = {
  'stories.list': defineRoute('stories.list', {
    request: ZStoriesQuery,
    response: envelopeOf(ZStoriesPage),
    errors: ['validation'],
  }),
  'stories.publish': defineRoute('stories.publish', {
    request: ZPublishStoryRequest,
    response: envelopeOf(ZPublishedStory),
    status: 201,
    errors: ['validation', 'rate_limited'],
  }),
  'stories.view': defineRoute('stories.view', {
    request: ZOptionalBody,
    params: ZStoryId,
    response: envelopeOf(z.never()).extend({ views: z.number() }),
    errors: ['validation', 'not_found', 'rate_limited'],
  }),
  'stories.like': defineRoute('stories.like', {
    request: ZOptionalBody,
    params: ZStoryId,
    response: envelopeOf(z.never()).extend({ likes: z.number(), liked: z.boolean() }),
    errors: ['validation', 'not_found', 'rate_limited'],
  }),
};
