package io.cerulean.http.auth;

import io.cerulean.http.message.AzureRequest;
import java.util.List;

/**
 * A service's canonicalisation for Shared Key: the strings a client may have signed for a request.
 * Each service has its own (the Table service signs fewer headers than Blob and Queue); clients
 * differ in small ways, so every variant a real SDK produces is listed, the likeliest first.
 */
@FunctionalInterface
public interface StringsToSign {
    /**
     * @param account the account named in the Authorization header, which the URL names too
     * @param lite    Shared Key Lite rather than Shared Key
     */
    List<String> of(AzureRequest request, String account, boolean lite);
}
