package io.cerulean.queue.rest.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;
import static io.cerulean.http.auth.SasChecks.field;

import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.SasChecks;
import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.ServiceSas;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.queue.rest.resource.QueuePathParser;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The queue (service) SAS: no {@code ss} or {@code srt}, the queue is the one the URL names, and a
 * stored access policy may be named by {@code si}. Its string-to-sign, in the layout of {@code sv}:
 * <pre>
 * sv ≥ 2015-04-05:        sp \n st \n se \n /queue/account/queue \n si \n sip \n spr \n sv
 * 2015-02-21:             sp \n st \n se \n /queue/account/queue \n si \n sv
 * older:                  sp \n st \n se \n /account/queue \n si \n sv
 * </pre>
 * The signature is checked before the stored policy is looked up and before the window, protocol
 * and address are, so only a genuine SAS learns about them.
 */
public final class QueueSasAuthenticator implements ServiceSas<QueueGrant> {
    /** The letters a queue SAS may grant, in the service's order. */
    public static final String PERMISSIONS = "raup";

    private final StoredPolicies storedPolicies;
    private final Clock clock;

    public QueueSasAuthenticator(StoredPolicies storedPolicies, Clock clock) {
        this.storedPolicies = storedPolicies;
        this.clock = clock;
    }

    @Override
    public boolean isCarriedBy(AzureRequest request) {
        return request.queryParameter("ss") == null && request.queryParameter("srt") == null;
    }

    @Override
    public String describe() {
        return "a queue";
    }

    @Override
    public QueueGrant authenticate(AzureRequest request, Account account, String version, byte[] signature) {
        String queue = QueuePathParser.parse(request).queue();
        if (queue == null) {
            throw authenticationFailed("A queue SAS is good for its queue's URLs only.");
        }
        String permissions = field(request, "sp");
        String start = field(request, "st");
        String expiry = field(request, "se");
        String identifier = field(request, "si");
        String resource = (version.compareTo("2015-02-21") >= 0 ? "/queue/" : "/") + account.name() + "/" + queue;
        List<String> candidates = new ArrayList<>(1);
        if (version.compareTo("2015-04-05") >= 0) {
            candidates.add(String.join("\n", permissions, start, expiry, resource, identifier, field(request, "sip"),
                    field(request, "spr"), version));
        } else {
            candidates.add(String.join("\n", permissions, start, expiry, resource, identifier, version));
        }
        SasChecks.verify(account, candidates, signature);
        Optional<StoredAccessPolicy> policy = Optional.empty();
        if (!identifier.isEmpty()) {
            policy = Optional.of(storedPolicies.find(account.name(), queue)
                    .flatMap(acl -> acl.find(identifier))
                    .orElseThrow(() -> authenticationFailed("The stored access policy '" + identifier
                            + "' named by si does not exist on queue '" + queue + "'.")));
        }
        return new QueueGrant.QueueSas(queue,
                SasChecks.signedPermissions(request, clock.instant(), policy, PERMISSIONS, "a queue"));
    }
}
