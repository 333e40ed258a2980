package io.cerulean.http.pipeline;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.faults.FaultRulesJson;
import io.cerulean.http.faults.Faults;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.nio.charset.StandardCharsets;

/**
 * {@code /{account}/$faults} on every service's port (or {@code /$faults} on a host-style name): an
 * account's fault rules, read ({@code GET}), replaced ({@code PUT}, a JSON body as
 * {@link FaultRulesJson} reads it) or removed ({@code DELETE}), by a request signed with that
 * account's key and nothing else. No account, container, queue or table name holds a {@code $}, so
 * the path shadows none. Rules that cannot be read are 400 InvalidInput, saying why, and change nothing.
 */
final class FaultEndpoint {

    private FaultEndpoint() {
    }


    /** The answer, before the common headers. @throws ServiceException for a refusal */
    static AzureResponse answer(AzureRequest request, String account, Faults faults,
                                RequestAuthenticator<?> authenticator) {
        authenticator.authenticateAccountKey(request, account);
        switch (request.method()) {
            case "GET" -> {
                return rules(faults, account);
            }
            case "PUT" -> {
                try {
                    faults.replace(account, FaultRulesJson.parse(new String(request.body(), StandardCharsets.UTF_8)));
                } catch (IllegalArgumentException e) {
                    throw new ServiceException(CommonError.INVALID_INPUT, "The fault rules are not valid: "
                            + e.getMessage());
                }
                return rules(faults, account);
            }
            case "DELETE" -> {
                faults.clear(account);
                return AzureResponse.status(204);
            }
            default -> throw new ServiceException(CommonError.METHOD_NOT_ALLOWED,
                    "The fault rules are read with GET, replaced with PUT and removed with DELETE.");
        }
    }

    private static AzureResponse rules(Faults faults, String account) {
        return AzureResponse.status(200).body("application/json", FaultRulesJson.write(faults.rules(account)));
    }
}
