package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.UserDelegationKey;
import io.cerulean.blob.rest.auth.UserDelegationKeys;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.UserDelegationKeyXml;
import io.cerulean.http.auth.AccountKeySignatures;
import io.cerulean.http.auth.BearerPrincipal;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.xml.XmlChars;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Get User Delegation Key: a key for the bearer token's principal (its {@code oid} and {@code tid}),
 * valid from Start (now when not given) until Expiry, for the Blob service, at the request's version.
 * Expiry must be after Start and after now, and at most seven days from now; otherwise 400
 * InvalidXmlNodeValue, as the service answers. Nothing is stored: the value is derived
 * ({@link UserDelegationKeys}). Only a bearer token gets here (its grant checked that).
 */
public final class GetUserDelegationKey implements BlobRestOperation {
    private final UserDelegationKeys keys;
    private final String defaultVersion;
    private final Clock clock;

    public GetUserDelegationKey(UserDelegationKeys keys, String defaultVersion, Clock clock) {
        this.keys = keys;
        this.defaultVersion = defaultVersion;
        this.clock = clock;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        if (!(grant instanceof BlobGrant.Bearer bearer)) {
            throw new IllegalStateException("a user delegation key is issued to bearer tokens only");
        }
        BearerPrincipal principal = bearer.principal();
        // The ids are answered in XML; a token whose ids XML cannot carry names no principal the service knows.
        if (principal.objectId().isEmpty() || !XmlChars.canCarry(principal.objectId())
                || !XmlChars.canCarry(principal.tenantId())) {
            throw AccountKeySignatures.authenticationFailed(
                    "The bearer token names no principal (oid) to issue a user delegation key to.");
        }
        UserDelegationKeyXml.KeyInfo info = UserDelegationKeyXml.read(request.body());
        Instant now = clock.instant();
        Instant start = info.start().orElse(now.truncatedTo(ChronoUnit.SECONDS));
        Instant expiry = info.expiry();
        if (!expiry.isAfter(start) || !expiry.isAfter(now)) {
            throw UserDelegationKeyXml.invalidNode("Expiry", expiry.toString(),
                    "Expiry must be after Start and after the current time (" + now + ").");
        }
        if (expiry.isAfter(now.plus(UserDelegationKeys.MAX_LIFETIME))) {
            throw UserDelegationKeyXml.invalidNode("Expiry", expiry.toString(),
                    "Expiry must be within 7 days of the current time (" + now + ").");
        }
        String version = request.header("x-ms-version");
        UserDelegationKey key = new UserDelegationKey(principal.objectId(), principal.tenantId(), start, expiry, "b",
                version == null || version.isEmpty() ? defaultVersion : version, info.delegatedUserTenantId());
        return AzureResponse.status(200).body(MediaTypes.XML,
                UserDelegationKeyXml.write(key, keys.value(resource.account(), key)));
    }
}
