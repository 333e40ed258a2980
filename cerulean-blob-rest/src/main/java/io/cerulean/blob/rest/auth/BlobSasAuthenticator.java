package io.cerulean.blob.rest.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;
import static io.cerulean.http.auth.SasChecks.field;

import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.SasChecks;
import io.cerulean.http.auth.ServiceSas;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.http.oauth.OAuthTrust;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The blob and container (service) SAS: {@code sr=b} for one blob ({@code bs}, {@code bv}: signed over
 * one of its snapshots or versions, named by the URL it is used on), {@code sr=c} for a container's
 * blobs; a stored access policy of the container may be named by {@code si}; signed with the account
 * key, or with a user delegation key ({@link UserDelegationSas}, whose lines stand where {@code si}
 * is). Its string-to-sign
 * (contract 2.2), in the layout of {@code sv}, one field a line:
 * <pre>
 * sv ≥ 2020-12-06:        sp st se resource si sip spr sv sr snapshot ses rscc rscd rsce rscl rsct
 * 2018-11-09 …:           sp st se resource si sip spr sv sr snapshot rscc rscd rsce rscl rsct
 * 2015-04-05 …:           sp st se resource si sip spr sv rscc rscd rsce rscl rsct
 * older:                  sp st se resource si sv rscc rscd rsce rscl rsct
 * </pre>
 * where resource is {@code /blob/account/container[/blob]} ({@code /account/...} before 2015-02-21),
 * the blob's name decoded. The signature is checked before the stored policy is looked up and
 * before the window, protocol and address are, so only a genuine SAS learns about them.
 */
public final class BlobSasAuthenticator implements ServiceSas<BlobGrant> {
    /** The letters a blob or container SAS may grant (the SDKs send them in differing orders). */
    public static final String PERMISSIONS = "racwdxyltfmeopi";
    private static final Map<String, String> OVERRIDES = overrides();

    private final StoredPolicies storedPolicies;
    private final UserDelegationSas userDelegation;
    private final Clock clock;

    public BlobSasAuthenticator(StoredPolicies storedPolicies, UserDelegationKeys keys, OAuthTrust trust, Clock clock) {
        this.storedPolicies = storedPolicies;
        this.userDelegation = new UserDelegationSas(keys, trust);
        this.clock = clock;
    }

    private static Map<String, String> overrides() {
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("rscc", "Cache-Control");
        overrides.put("rscd", "Content-Disposition");
        overrides.put("rsce", "Content-Encoding");
        overrides.put("rscl", "Content-Language");
        overrides.put("rsct", "Content-Type");
        return overrides;
    }

    @Override
    public boolean isCarriedBy(AzureRequest request) {
        return request.queryParameter("ss") == null && request.queryParameter("srt") == null;
    }

    @Override
    public String describe() {
        return "a blob or container (sr)";
    }

    @Override
    public BlobGrant authenticate(AzureRequest request, Account account, String version, byte[] signature) {
        BlobResource resource = BlobPathParser.parse(request);
        String signedResource = field(request, "sr");
        if (resource.container() == null) {
            throw authenticationFailed("A blob or container SAS is good for its container's URLs only.");
        }
        boolean forBlob = switch (signedResource) {
            case "b", "bs", "bv" -> true;
            case "c" -> false;
            default -> throw authenticationFailed("The signed resource (sr) '" + signedResource
                    + "' is not one Cerulean serves: use b, bs, bv or c.");
        };
        if (forBlob && resource.blob() == null) {
            throw authenticationFailed("A blob SAS (sr=b) is good for its blob's URL only.");
        }
        String container = resource.container();
        String blob = forBlob ? resource.blob() : null;
        String identifier = field(request, "si");
        boolean delegated = UserDelegationSas.isCarriedBy(request);
        String canonical = (version.compareTo("2015-02-21") >= 0 ? "/blob/" : "/") + account.name() + "/" + container
                + (blob == null ? "" : "/" + blob);
        List<String> fields = new ArrayList<>(List.of(field(request, "sp"), field(request, "st"),
                field(request, "se"), canonical));
        if (delegated) {
            fields.addAll(UserDelegationSas.keyLines(request, version));
        } else {
            fields.add(identifier);
        }
        if (version.compareTo("2015-04-05") >= 0) {
            fields.add(field(request, "sip"));
            fields.add(field(request, "spr"));
        }
        fields.add(version);
        if (version.compareTo("2018-11-09") >= 0) {
            fields.add(signedResource);
            // the snapshot or version a SAS is signed for (sr=bs, bv); a blob or container SAS signs none,
            // whatever the URL it is used on names
            fields.add(switch (signedResource) {
                case "bs" -> field(request, "snapshot");
                case "bv" -> field(request, "versionid");
                default -> "";
            });
        }
        if (version.compareTo("2020-12-06") >= 0) {
            fields.add(field(request, "ses"));
        }
        if (delegated) {
            fields.addAll(UserDelegationSas.boundLines(version));
        }
        Map<String, String> overrides = new LinkedHashMap<>();
        OVERRIDES.forEach((parameter, header) -> {
            String value = field(request, parameter);
            fields.add(value);
            if (!value.isEmpty()) {
                overrides.put(header, value);
            }
        });
        Instant now = clock.instant();
        if (delegated) {
            Set<DataRole> delegatorRoles = userDelegation.verify(request, account.name(), String.join("\n", fields),
                    signature, now);
            String permissions = SasChecks.signedPermissions(request, now, Optional.empty(), PERMISSIONS,
                    "a user delegation");
            return new BlobGrant.DelegatedSas(new BlobGrant.BlobSas(container, blob, permissions, overrides),
                    delegatorRoles);
        }
        SasChecks.verify(account, List.of(String.join("\n", fields)), signature);
        Optional<StoredAccessPolicy> policy = Optional.empty();
        if (!identifier.isEmpty()) {
            policy = Optional.of(storedPolicies.find(account.name(), container)
                    .flatMap(acl -> acl.find(identifier))
                    .orElseThrow(() -> authenticationFailed("The stored access policy '" + identifier
                            + "' named by si does not exist on container '" + container + "'.")));
        }
        String permissions = SasChecks.signedPermissions(request, now, policy, PERMISSIONS, "a blob or container");
        return new BlobGrant.BlobSas(container, blob, permissions, overrides);
    }
}
