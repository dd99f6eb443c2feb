import { MAX_PUSH_SUBSCRIPTIONS, UnsafeAddressError } from '../../shared/notifications/delivery.ts';
import { checkPushEndpoint, type AddressPolicy } from '../../shared/node/public-address.ts';
import type { Clock } from '../clock.ts';
import type {
  NotificationsRepository,
  PushSubscriptionRecord,
} from '../db/notifications-repository.ts';

/** A push subscription refused: the French reason. */
export class SubscriptionRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubscriptionRefusedError';
  }
}

/**
 * The browsers that receive a push for each new message: the outbox queues one notification
 * per subscription saved here, and cancels a subscription its push service says is gone.
 */
export class PushSubscriptions {
  readonly #repository: NotificationsRepository;
  readonly #clock: Clock;
  readonly #addresses: AddressPolicy;

  constructor(options: {
    repository: NotificationsRepository;
    clock: Clock;
    /** Which addresses a push endpoint may lead to (public ones; loopback too in tests). */
    addresses: AddressPolicy;
  }) {
    this.#repository = options.repository;
    this.#clock = options.clock;
    this.#addresses = options.addresses;
  }

  /**
   * This browser gets a push for each new message from now on. Refused (SubscriptionRefusedError,
   * in French) when its push service is not on the public Internet, or when
   * MAX_PUSH_SUBSCRIPTIONS browsers are already subscribed.
   */
  async subscribe(adminId: number, subscription: PushSubscriptionRecord): Promise<void> {
    try {
      await checkPushEndpoint(subscription.endpoint, this.#addresses);
    } catch (error) {
      if (error instanceof UnsafeAddressError) {
        throw new SubscriptionRefusedError(
          `ce service de notifications n’est pas accepté : ${error.message}`,
        );
      }
      throw error;
    }
    if (
      !this.#repository.hasSubscription(subscription.endpoint) &&
      this.#repository.subscriptionCount(adminId) >= MAX_PUSH_SUBSCRIPTIONS
    ) {
      throw new SubscriptionRefusedError(
        `${MAX_PUSH_SUBSCRIPTIONS} appareils reçoivent déjà les notifications, le maximum : désactivez-les sur un appareil que vous n’utilisez plus, puis réessayez.`,
      );
    }
    this.#repository.saveSubscription(adminId, subscription, this.#clock());
  }

  /** This browser turned push off: nothing more is pushed to it. */
  unsubscribe(endpoint: string): void {
    this.#repository.removeSubscription(
      endpoint,
      'notifications coupées sur l’appareil',
      this.#clock(),
    );
  }
}
