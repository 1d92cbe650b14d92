import { message } from '../../contracts/message-text.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import type { RequestContext } from '../request-context.ts';

/**
 * The account's own notification: MAIL_NOT_VERIFIED while the identity provider says the e-mail address is not
 * verified (the session's `emailVerified`). It leads to the profile, where the address is shown.
 */
export async function accountNotifications(ctx: RequestContext): Promise<Omit<PortalNotification, 'seen'>[]> {
  const user = ctx.user;
  if (!user || user.emailVerified !== false) return [];
  return [
    {
      id: `MAIL_NOT_VERIFIED:${user.email}`,
      type: 'MAIL_NOT_VERIFIED',
      projectId: null,
      title: message('notifications.noticeMailNotVerifiedTitle'),
      text: message('notifications.noticeMailNotVerifiedText', { email: user.email }),
      href: '/home/app/profile',
      createdAt: new Date().toISOString(),
    },
  ];
}
