package io.cerulean.blob.rest.resource;

import io.cerulean.blob.model.ContainerNames;
import io.cerulean.http.message.AccountUrls;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.PercentEncoding;

/**
 * Parses path-style Blob service URLs, percent-decoded once:
 * <pre>
 * /&lt;account&gt;[-secondary][/]                 the service
 * /&lt;account&gt;/&lt;container&gt;[/]                a container
 * /&lt;account&gt;/&lt;container&gt;/&lt;blob name&gt;       a blob; the name is the rest of the path, '/' and all
 * /&lt;account&gt;/&lt;blob name&gt;                   a blob in the root container, $root, when no restype is sent
 * </pre>
 * A blob's name keeps every character after the container's slash, a trailing '/' and empty
 * segments included: {@code dir/} and {@code a//b} are names of their own. A backslash in it is read
 * as '/', as the service reads it: {@code a\b} and {@code a/b} name one blob. On the secondary
 * account, {@code /<account>-secondary/<account>/?restype=service} is the service itself, where some
 * clients ask for its stats. Host-style URLs ({@code ACCOUNT.blob.*}) are read as the path-style
 * URL they are equivalent to ({@link #URLS}). A two-segment path with no trailing slash is a blob
 * of the root container ("Working with the root container") unless the request has a
 * {@code restype}: every container operation sends {@code restype=container}, and Get Account
 * Information {@code restype=account}, whichever resource it is sent to.
 */
public final class BlobPathParser {
    private static final String SECONDARY_SUFFIX = "-secondary";

    /** Path-style URLs, and host-style ones on {@code ACCOUNT.blob.*} names. */
    public static final AccountUrls URLS = AccountUrls.forService("blob");

    private BlobPathParser() {
    }

    /** What the request's URL addresses, path-style or host-style. */
    public static BlobResource parse(AzureRequest request) {
        return parse(URLS.pathStyle(request), request.queryParameter("restype"));
    }

    public static BlobResource parse(String rawPath, String restype) {
        String path = PercentEncoding.decode(rawPath);
        if (!path.startsWith("/")) {
            throw PercentEncoding.invalidUri(rawPath);
        }
        int accountEnd = path.indexOf('/', 1);
        String accountSegment = accountEnd < 0 ? path.substring(1) : path.substring(1, accountEnd);
        boolean secondary = accountSegment.endsWith(SECONDARY_SUFFIX);
        String account = secondary
                ? accountSegment.substring(0, accountSegment.length() - SECONDARY_SUFFIX.length()) : accountSegment;
        if (account.isEmpty()) {
            throw PercentEncoding.invalidUri(rawPath);
        }
        String rest = accountEnd < 0 ? "" : path.substring(accountEnd + 1);
        if (rest.isEmpty()) {
            return new BlobResource(account, secondary, BlobResourceKind.SERVICE, null, null);
        }
        int containerEnd = rest.indexOf('/');
        String container = containerEnd < 0 ? rest : rest.substring(0, containerEnd);
        String blob = containerEnd < 0 ? "" : rest.substring(containerEnd + 1).replace('\\', '/');
        if (container.isEmpty()) {
            throw PercentEncoding.invalidUri(rawPath);
        }
        if (secondary && blob.isEmpty() && "service".equalsIgnoreCase(restype) && container.equals(account)) {
            return new BlobResource(account, true, BlobResourceKind.SERVICE, null, null);
        }
        if (containerEnd < 0 && restype == null) {
            return new BlobResource(account, secondary, BlobResourceKind.BLOB, ContainerNames.ROOT,
                    container.replace('\\', '/'));
        }
        if (blob.isEmpty()) {
            return new BlobResource(account, secondary, BlobResourceKind.CONTAINER, container, null);
        }
        return new BlobResource(account, secondary, BlobResourceKind.BLOB, container, blob);
    }
}
