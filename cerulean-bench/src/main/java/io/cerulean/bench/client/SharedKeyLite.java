package io.cerulean.bench.client;

import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Shared Key Lite in its two forms. For the Table service (contract 9.2, 9.3):
 * {@code StringToSign = date + "\n" + "/" + account + rawPath [+ "?comp=" + value]}. For the Blob
 * and Queue services: {@code VERB \n Content-MD5 \n Content-Type \n Date \n} then the
 * {@code x-ms-*} headers (lower-cased, sorted, {@code name:value\n}) then the same resource; the
 * Date line is empty because {@code x-ms-date} is sent. In both, rawPath is the request path exactly
 * as sent, so a path-style URL names the account twice ({@code /devstoreaccount1/devstoreaccount1/Tables}).
 * Thread-safe.
 */
public final class SharedKeyLite {
    private final String account;
    private final String scheme;
    private final Hmac hmac;

    /** @throws IllegalArgumentException when the key is not base64 */
    public SharedKeyLite(String account, String base64Key) {
        this.account = account;
        this.scheme = "SharedKeyLite " + account + ":";
        this.hmac = new Hmac(base64Key);
    }

    /** The Authorization header value for a request sent with this date to this path and query. */
    public String authorization(String date, String rawPathAndQuery) {
        return scheme + sign(stringToSign(date, account, rawPathAndQuery));
    }

    /**
     * The Authorization header value of a Blob or Queue request that sends {@code x-ms-date} and
     * {@code x-ms-version} as its only {@code x-ms-*} headers, and no Content-MD5.
     *
     * @param contentType the Content-Type header sent, or null when there is none
     */
    public String queueAuthorization(String method, String contentType, String date, String version,
                                     String rawPathAndQuery) {
        return scheme + sign(queueStringToSign(method, "", contentType == null ? "" : contentType,
                new TreeMap<>(Map.of("x-ms-date", date, "x-ms-version", version)), account, rawPathAndQuery));
    }

    /**
     * The documented Blob and Queue string to sign.
     *
     * @param msHeaders the {@code x-ms-*} headers sent, by lower-cased name, sorted
     */
    public static String queueStringToSign(String method, String contentMd5, String contentType,
                                           SortedMap<String, String> msHeaders, String account,
                                           String rawPathAndQuery) {
        StringBuilder sts = new StringBuilder(256).append(method).append('\n').append(contentMd5).append('\n')
                .append(contentType).append('\n').append('\n');
        msHeaders.forEach((name, value) -> sts.append(name.toLowerCase(Locale.ROOT)).append(':')
                .append(value.trim()).append('\n'));
        return resource(sts, account, rawPathAndQuery).toString();
    }

    /** The documented Table string to sign; only the {@code comp} query parameter takes part. */
    public static String stringToSign(String date, String account, String rawPathAndQuery) {
        StringBuilder sts = new StringBuilder(date.length() + account.length() + rawPathAndQuery.length() + 24)
                .append(date).append('\n');
        return resource(sts, account, rawPathAndQuery).toString();
    }

    /** Appends {@code "/" + account + path [+ "?comp=" + value]}. */
    private static StringBuilder resource(StringBuilder sts, String account, String rawPathAndQuery) {
        int q = rawPathAndQuery.indexOf('?');
        String path = q < 0 ? rawPathAndQuery : rawPathAndQuery.substring(0, q);
        sts.append('/').append(account).append(path);
        if (q >= 0) {
            for (String parameter : rawPathAndQuery.substring(q + 1).split("&")) {
                if (parameter.regionMatches(true, 0, "comp=", 0, 5)) {
                    sts.append("?comp=").append(parameter, 5, parameter.length());
                    break;
                }
            }
        }
        return sts;
    }

    /** Base64 of HMAC-SHA256 over the UTF-8 bytes. */
    public String sign(String stringToSign) {
        return hmac.sign(stringToSign);
    }
}
