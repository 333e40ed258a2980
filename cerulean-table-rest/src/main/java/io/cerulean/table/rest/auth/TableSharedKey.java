package io.cerulean.table.rest.auth;

import io.cerulean.http.auth.StringsToSign;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.PercentEncoding;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a client signs with Shared Key for the Table service, in its Table service form:
 *
 * <pre>
 * SharedKey:     VERB \n Content-MD5 \n Content-Type \n Date \n CanonicalizedResource
 * SharedKeyLite: Date \n CanonicalizedResource
 * CanonicalizedResource = "/" account + request path as sent (still encoded) [+ "?comp=" value]
 * </pre>
 *
 * Path-style URLs put the account in the path too, so it appears twice
 * ({@code /devstoreaccount1/devstoreaccount1/Tables}). Clients differ in small ways (which date
 * header, the primary or {@code -secondary} name, how the path is encoded), so every variant a
 * real SDK produces is listed. One is Python's alone: it signs Get Table Service Stats over the
 * primary's path ({@code /devstoreaccount1/devstoreaccount1/?comp=stats}) and sends it to
 * {@code /devstoreaccount1-secondary/devstoreaccount1/}; that signature is accepted only for the
 * service itself at that path.
 */
public final class TableSharedKey implements StringsToSign {
    public static final TableSharedKey INSTANCE = new TableSharedKey();

    private TableSharedKey() {
    }

    @Override
    public List<String> of(AzureRequest request, String account, boolean lite) {
        Set<String> dates = new LinkedHashSet<>();
        dates.add(nullToEmpty(request.header("x-ms-date") != null ? request.header("x-ms-date") : request.header("Date")));
        dates.add(nullToEmpty(request.header("Date")));
        dates.add("");
        String comp = request.queryParameter("comp");
        String compSuffix = comp == null ? "" : "?comp=" + comp;
        Set<String> paths = new LinkedHashSet<>();
        String secondaryPrefix = "/" + account + "-secondary";
        for (String path : List.of(request.rawPath(), PercentEncoding.decode(request.rawPath()))) {
            paths.add(path);
            if (path.startsWith(secondaryPrefix)) {
                // .NET and JavaScript sign secondary-endpoint requests with the primary account name in the path.
                paths.add("/" + account + path.substring(secondaryPrefix.length()));
                if (isSecondaryServicePath(path, secondaryPrefix, account, request)) {
                    // Python signs the primary URL, then moves the request to the secondary by putting
                    // "host/<account>-secondary" where the host was: the signed path lacks that segment.
                    paths.add(path.substring(secondaryPrefix.length()));
                }
            }
        }
        List<String> result = new ArrayList<>();
        for (String path : paths) {
            String resource = "/" + account + path + compSuffix;
            for (String date : dates) {
                if (lite) {
                    result.add(date + "\n" + resource);
                } else {
                    result.add(request.method() + "\n" + nullToEmpty(request.header("Content-MD5")) + "\n"
                            + nullToEmpty(request.header("Content-Type")) + "\n" + date + "\n" + resource);
                }
            }
        }
        return result;
    }

    /** {@code /<account>-secondary/<account>[/]?restype=service}: the service, as {@code PathParser} reads it. */
    private static boolean isSecondaryServicePath(String path, String secondaryPrefix, String account,
            AzureRequest request) {
        String rest = path.substring(secondaryPrefix.length());
        return "service".equals(request.queryParameter("restype"))
                && (rest.equals("/" + account) || rest.equals("/" + account + "/"));
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
