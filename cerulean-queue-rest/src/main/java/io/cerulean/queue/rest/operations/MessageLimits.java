package io.cerulean.queue.rest.operations;

/**
 * The message limits of the Queue service's REST API, as the service has them from version
 * 2017-07-29 on (message text is limited where it is read, {@link io.cerulean.queue.rest.xml.MessagesXml}).
 */
final class MessageLimits {
    /** The longest visibility timeout, in seconds: 7 days. */
    static final long MAX_VISIBILITY_SECONDS = 7 * 24 * 3600;
    /** Get Messages' visibility timeout when none is given, in seconds. */
    static final long DEFAULT_GET_VISIBILITY_SECONDS = 30;
    /** The most messages one Get or Peek Messages returns. */
    static final int MAX_MESSAGES = 32;

    private MessageLimits() {
    }
}
