/**
 * The chat channels of `/cable` added to core's typed channel map (spec 3 §7, issue 14):
 * ChatChannel by channel id, ChatThreadChannel by message id, ArticleCommentsChannel by article id
 * and EpisodeCommentsChannel by episode id, each delivering the contract's `MessagesPush`.
 * @module
 */
import type {
  ArticleCommentsChannelParams,
  ChatChannelParams,
  ChatThreadChannelParams,
  EpisodeCommentsChannelParams,
  MessagesPush,
} from '@sportspyder/contract';
import type { ChannelSpec } from '../realtime.js';

declare module '../realtime.js' {
  interface ChannelMap {
    /** A chat channel's top-level messages (new, deleted, like and reply counts). */
    ChatChannel: ChannelSpec<ChatChannelParams, MessagesPush>;
    /** The replies of one message. */
    ChatThreadChannel: ChannelSpec<ChatThreadChannelParams, MessagesPush>;
    /** An article's comments. */
    ArticleCommentsChannel: ChannelSpec<ArticleCommentsChannelParams, MessagesPush>;
    /** An episode's comments. */
    EpisodeCommentsChannel: ChannelSpec<EpisodeCommentsChannelParams, MessagesPush>;
  }
}
