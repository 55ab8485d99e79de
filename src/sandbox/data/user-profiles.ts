import { presetUrl } from './avatars.js';
import type { EmailNotificationRecord, UserRecord } from './user-types.js';
import { SANDBOX_USERS } from './users.js';

/** The e-mail settings every account has; only `enabled` differs between users. */
const EMAIL_SETTINGS: readonly Omit<EmailNotificationRecord, 'enabled'>[] = [
  {
    field: 'price_alerts',
    label: 'Ειδοποιήσεις τιμών',
    description: 'Όταν αλλάζει η τιμή ενός αγαπημένου προϊόντος',
  },
  {
    field: 'review_replies',
    label: 'Απαντήσεις σε αξιολογήσεις',
    description: 'Όταν κάποιος απαντά σε αξιολόγησή σου',
  },
  { field: 'newsletter', label: 'Newsletter', description: 'Προσφορές και νέα, μία φορά την εβδομάδα' },
];

function settings(...enabled: boolean[]): EmailNotificationRecord[] {
  return EMAIL_SETTINGS.map((setting, i) => ({ ...setting, enabled: enabled[i] ?? false }));
}

/**
 * The profiles. Fixed rather than drawn from the seed: tests name these users and their fields.
 * `stats.sku_review_count` is served live (see `UserStatsRecord`).
 */
export function buildUserProfiles(): UserRecord[] {
  return [
    {
      id: SANDBOX_USERS.alice,
      username: 'alice',
      type: 'native',
      sex: 'female',
      avatar: presetUrl('avatar26.jpg'),
      created_at: '2014-03-12T10:15:42+02:00',
      email: 'alice@sandbox.test',
      birthyear: 1988,
      mobile: '6941234567',
      stats: { sku_review_count: 0, shop_review_count: 4, sku_comment_count: 2, received_votes: 17 },
      email_notifications: settings(true, true, false),
      is_staff: false,
      resend_verification_email: false,
    },
    {
      id: SANDBOX_USERS.bob,
      username: 'bob',
      type: 'open_id',
      sex: 'male',
      avatar: presetUrl('avatar19.jpg'),
      created_at: '2016-11-03T18:40:09+02:00',
      email: 'bob@sandbox.test',
      birthyear: 1979,
      mobile: null,
      stats: { sku_review_count: 0, shop_review_count: 1, sku_comment_count: 0, received_votes: 3 },
      email_notifications: settings(true, false, false),
      is_staff: false,
      // bob never confirmed his e-mail address.
      resend_verification_email: true,
    },
    {
      id: SANDBOX_USERS.carol,
      username: 'carol',
      type: 'google',
      sex: null,
      avatar: presetUrl('avatar4.jpg'),
      created_at: '2023-06-21T09:02:51+03:00',
      email: 'carol@sandbox.test',
      // Never given: blank fields are null.
      birthyear: null,
      mobile: null,
      stats: { sku_review_count: 0, shop_review_count: 0, sku_comment_count: 0, received_votes: 0 },
      email_notifications: settings(false, false, false),
      is_staff: false,
      resend_verification_email: false,
    },
  ];
}
