package io.cerulean.queue.rest.resource;

import io.cerulean.http.message.AccountUrls;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.PercentEncoding;

/**
 * Parses path-style Queue service URLs, percent-decoded once:
 * <pre>
 * /&lt;account&gt;[-secondary][/]                          the service
 * /&lt;account&gt;/&lt;queue&gt;[/]                              a queue
 * /&lt;account&gt;/&lt;queue&gt;/messages[/]                     its messages
 * /&lt;account&gt;/&lt;queue&gt;/messages/&lt;message id&gt;[/]       one message
 * </pre>
 * One trailing slash names the same resource. On the secondary account,
 * {@code /<account>-secondary/<account>/?restype=service} is the service itself, where some clients
 * ask for its stats. Anything else is 400 InvalidUri. Host-style URLs ({@code ACCOUNT.queue.*}) are
 * read as the path-style URL they are equivalent to ({@link #URLS}).
 */
public final class QueuePathParser {
    private static final String SECONDARY_SUFFIX = "-secondary";
    private static final String MESSAGES = "messages";

    /** Path-style URLs, and host-style ones on {@code ACCOUNT.queue.*} names. */
    public static final AccountUrls URLS = AccountUrls.forService("queue");

    private QueuePathParser() {
    }

    /** What the request's URL addresses, path-style or host-style. */
    public static QueueResource parse(AzureRequest request) {
        return parse(URLS.pathStyle(request), request.queryParameter("restype"));
    }

    public static QueueResource parse(String rawPath, String restype) {
        String path = PercentEncoding.decode(rawPath);
        if (!path.startsWith("/")) {
            throw PercentEncoding.invalidUri(rawPath);
        }
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String[] segments = path.substring(1).split("/", -1);
        String accountSegment = segments[0];
        boolean secondary = accountSegment.endsWith(SECONDARY_SUFFIX);
        String account = secondary
                ? accountSegment.substring(0, accountSegment.length() - SECONDARY_SUFFIX.length()) : accountSegment;
        if (account.isEmpty()) {
            throw PercentEncoding.invalidUri(rawPath);
        }
        for (int i = 1; i < segments.length; i++) {
            if (segments[i].isEmpty()) {
                throw PercentEncoding.invalidUri(rawPath);
            }
        }
        if (secondary && segments.length == 2 && "service".equalsIgnoreCase(restype) && segments[1].equals(account)) {
            return new QueueResource(account, true, QueueResourceKind.SERVICE, null, null);
        }
        return switch (segments.length) {
            case 1 -> new QueueResource(account, secondary, QueueResourceKind.SERVICE, null, null);
            case 2 -> new QueueResource(account, secondary, QueueResourceKind.QUEUE, segments[1], null);
            case 3 -> {
                if (!segments[2].equals(MESSAGES)) {
                    throw PercentEncoding.invalidUri(rawPath);
                }
                yield new QueueResource(account, secondary, QueueResourceKind.MESSAGES, segments[1], null);
            }
            case 4 -> {
                if (!segments[2].equals(MESSAGES)) {
                    throw PercentEncoding.invalidUri(rawPath);
                }
                yield new QueueResource(account, secondary, QueueResourceKind.MESSAGE, segments[1], segments[3]);
            }
            default -> throw PercentEncoding.invalidUri(rawPath);
        };
    }
}
