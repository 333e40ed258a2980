package io.cerulean.http.auth;

import io.cerulean.http.message.AzureRequest;

/**
 * A service's own shared access signature (a table SAS, a blob or container SAS, a queue SAS): its
 * string-to-sign and what it grants are the service's; the account, version and signature are
 * found by the kernel, and {@link SasChecks} holds what every SAS checks alike.
 */
public interface ServiceSas<G> {
    /** Whether the request carries this kind of SAS rather than an account SAS (e.g. a {@code tn}). */
    boolean isCarriedBy(AzureRequest request);

    /** What names this kind of SAS in a message, e.g. {@code a table (tn)}. */
    String describe();

    /**
     * Verifies the SAS the request carries and returns what it grants.
     *
     * @param signature the decoded {@code sig}
     * @throws io.cerulean.common.error.ServiceException 403 for a SAS that is forged or not valid here and now
     */
    G authenticate(AzureRequest request, Account account, String version, byte[] signature);
}
