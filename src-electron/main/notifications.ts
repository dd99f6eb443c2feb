import { nameAndSubject, type ContactMessage } from '../../shared/domain/contact.ts';
import { composeReminderPush, reminderTitle } from '../../shared/notifications/reminder.ts';
import type { NativeImage, NotificationConstructor, NotificationLike } from './electron-apis.ts';
import type { ConsoleReminder } from './lead-reminders.ts';

const TITLE_MAX = 120;
const BODY_MAX = 200;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The first line of the message that has text in it. */
export function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/**
 * Linux notification servers read the body as markup (<b>, <a>, <img>…): a visitor's
 * message must stay text.
 */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Title: who wrote and about what. Body: the message's first line. */
export function notificationContent(message: ContactMessage, platform: string) {
  const title = shorten(nameAndSubject(message.fullName, message.subject), TITLE_MAX);
  const line = shorten(firstLine(message.message), BODY_MAX);
  return { title, body: platform === 'linux' ? escapeMarkup(line) : line };
}

/**
 * « Relance : NOM — SUJET » (or « Toujours nouveau : … »), and in the body what the push
 * says: why, then the lead's last note (shared/notifications/reminder.ts).
 */
export function reminderContent(reminder: ConsoleReminder, platform: string) {
  const title = shorten(reminderTitle(reminder.reason, reminder.message), TITLE_MAX);
  const { reason, message, dueAt, lastNote } = reminder;
  const body = shorten(composeReminderPush(reason, message, dueAt, lastNote).body, BODY_MAX);
  return { title, body: platform === 'linux' ? escapeMarkup(body) : body };
}

export interface MessageNotifierOptions {
  Notification: NotificationConstructor;
  platform: string;
  icon?: NativeImage;
  /** The owner clicked the notification of this message. */
  onClick: (messageId: string) => void;
}

/** Shows one native notification per message; keeps each alive until it is done with. */
export function createMessageNotifier(options: MessageNotifierOptions) {
  // A notification that nothing references can be collected, and its click lost.
  const alive = new Set<NotificationLike>();
  const show = (content: { title: string; body: string }, messageId: string) => {
    if (!options.Notification.isSupported()) return;
    const notification = new options.Notification({
      ...content,
      ...(options.icon ? { icon: options.icon } : {}),
    });
    alive.add(notification);
    notification.on('click', () => {
      alive.delete(notification);
      options.onClick(messageId);
    });
    notification.on('close', () => alive.delete(notification));
    notification.show();
  };
  return {
    notify(message: ContactMessage): void {
      show(notificationContent(message, options.platform), message.id);
    },
    /** A reminder about a lead; a click opens its message, as for a new one. */
    notifyReminder(reminder: ConsoleReminder): void {
      show(reminderContent(reminder, options.platform), reminder.message.id);
    },
    get pending(): number {
      return alive.size;
    },
  };
}
