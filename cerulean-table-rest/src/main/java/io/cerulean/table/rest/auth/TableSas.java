package io.cerulean.table.rest.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;
import static io.cerulean.http.auth.SasChecks.field;

import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.common.error.CommonError;
import io.cerulean.http.acl.StoredPolicies;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.SasChecks;
import io.cerulean.http.auth.ServiceSas;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.service.TableService;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The table (service) SAS: {@code tn}, optionally naming a stored access policy with {@code si},
 * and a PartitionKey/RowKey range. Its string-to-sign, in the layout of the SAS version {@code sv}:
 * <pre>
 * sv ≥ 2015-04-05: sp \n st \n se \n /table/account/table \n si \n sip \n spr \n sv \n spk \n srk \n epk \n erk
 * older:           sp \n st \n se \n canonical \n si \n sv \n spk \n srk \n epk \n erk
 * </pre>
 * The signature is checked before the stored policy is looked up and before the window, protocol
 * and address are, so only a genuine SAS learns about them.
 */
public final class TableSas implements ServiceSas<AccessGrant> {
    private final StoredPolicies storedPolicies;
    private final Clock clock;

    public TableSas(StoredPolicies storedPolicies, Clock clock) {
        this.storedPolicies = storedPolicies;
        this.clock = clock;
    }

    @Override
    public boolean isCarriedBy(AzureRequest request) {
        return request.queryParameter("tn") != null;
    }

    @Override
    public String describe() {
        return "a table (tn)";
    }

    @Override
    public AccessGrant authenticate(AzureRequest request, Account account, String version, byte[] signature) {
        String table = field(request, "tn");
        String permissions = field(request, "sp");
        String start = field(request, "st");
        String expiry = field(request, "se");
        String identifier = field(request, "si");
        String spk = field(request, "spk");
        String srk = field(request, "srk");
        String epk = field(request, "epk");
        String erk = field(request, "erk");
        String lowerTable = table.toLowerCase(Locale.ROOT);
        List<String> candidates = new ArrayList<>(2);
        for (String accountName : List.of(account.name(), account.name().toLowerCase(Locale.ROOT))) {
            String stringToSign;
            if (version.compareTo("2015-04-05") >= 0) {
                stringToSign = String.join("\n", permissions, start, expiry, "/table/" + accountName + "/" + lowerTable,
                        identifier, field(request, "sip"), field(request, "spr"), version, spk, srk, epk, erk);
            } else {
                String canonical = (version.compareTo("2015-02-21") >= 0 ? "/table/" : "/") + accountName + "/" + lowerTable;
                stringToSign = String.join("\n", permissions, start, expiry, canonical, identifier, version, spk, srk,
                        epk, erk);
            }
            if (!candidates.contains(stringToSign)) {
                candidates.add(stringToSign);
            }
        }
        SasChecks.verify(account, candidates, signature);
        Optional<StoredAccessPolicy> policy = Optional.empty();
        if (!identifier.isEmpty()) {
            policy = Optional.of(storedPolicies.find(account.name(), table)
                    .flatMap(acl -> acl.find(identifier))
                    .orElseThrow(() -> new TableServiceException(CommonError.AUTHORIZATION_FAILURE,
                            CommonError.AUTHORIZATION_FAILURE.message() + " The stored access policy '" + identifier
                                    + "' named by si does not exist on table '" + table + "'.")));
        }
        String granted = SasChecks.signedPermissions(request, clock.instant(), policy, TableService.PERMISSIONS, "a table");
        return new TableSasGrant(table, granted, new SasKeyRange(emptyToNull(spk), emptyToNull(srk),
                emptyToNull(epk), emptyToNull(erk)));
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }
}
