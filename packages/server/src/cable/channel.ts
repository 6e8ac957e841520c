/**
 * What a channel is: the authorization and streams of a subscription, and optional actions.
 * @module
 */

/** What the server knows about a websocket connection. */
export interface CableConnection {
  /** The signed-in user at the handshake, or null for a visitor. */
  readonly userId: number | null;
}

/** The context of a subscription request. */
export interface SubscriptionContext {
  /** The connection subscribing. */
  connection: CableConnection;
  /** The identifier's fields besides `channel`. */
  params: Record<string, unknown>;
}

/** A channel of the ActionCable protocol. */
export interface Channel {
  /** Its name as the client's identifier gives it, e.g. `UserVersionsChannel`. */
  readonly name: string;
  /** Authorizes a subscription: answers the streams to listen to, or null to reject it. */
  subscribe(context: SubscriptionContext): Promise<string[] | null> | string[] | null;
  /** Handles a client `perform(action, data)`; channels without actions ignore messages. */
  perform?(context: SubscriptionContext, action: string, data: Record<string, unknown>): Promise<void> | void;
}
