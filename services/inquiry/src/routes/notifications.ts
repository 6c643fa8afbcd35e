import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markNotificationsRead,
  markNotificationsReadResponse,
  notificationPreferences,
  notificationPreferencesInput,
  notificationPreferencesResponse,
  notificationsQuery,
  notificationsResponse,
} from '@mfd/contracts';
import { accountAddress } from '../data/identity.client';
import type { InquiryDeps } from '../deps';
import { refreshAlertAddress } from '../domain/notifications/alert-address';
import { markNotificationsReadFor, notificationsOf } from '../domain/notifications/inbox';
import { preferencesOf, savePreferences } from '../domain/notifications/preferences';
import { callerOf, onBehalfOf } from './route-context';

/** The signed-in user's own notifications (the bell) and which of them also come by mail. */
export const notificationRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'The caller’s notifications, newest first, and how many are unread',
        tags,
        querystring: notificationsQuery,
        response: { 200: notificationsResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // The bell asks every few seconds while the app is open: the moment to keep the address current.
      await refreshAlertAddress(db, caller, () => accountAddress(deps.identity, onBehalfOf(request)), {
        now: new Date(),
        everyMs: deps.config.ALERT_ADDRESS_REFRESH_SECONDS * 1000,
        log: request.log,
      });
      return notificationsOf(db, caller, request.query);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark some of the caller’s notifications read, or all of them',
        tags,
        body: markNotificationsRead,
        response: { 200: markNotificationsReadResponse },
      },
    },
    async (request) => {
      const unread = await markNotificationsReadFor(db, callerOf(request), request.body, new Date());
      return {
        success: true as const,
        detail: request.body.all ? 'All notifications marked as read' : 'Notifications marked as read',
        unread_count: unread,
      };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        summary: 'Which notifications also come to the caller by mail',
        tags,
        response: { 200: notificationPreferences },
      },
    },
    async (request) => preferencesOf(db, callerOf(request)),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        operationId: 'setNotificationPreferences',
        summary: 'Turn mail of some notification kinds on or off (in the app they always show)',
        tags,
        body: notificationPreferencesInput,
        response: { 200: notificationPreferencesResponse },
      },
    },
    async (request) => {
      const saved = await savePreferences(db, callerOf(request), request.body);
      return { success: true as const, detail: 'Notification preferences saved', ...saved };
    },
  );
};
