package io.cerulean.http.auth;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.HttpDates;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.List;

/**
 * Verifies the {@code Authorization} header: Shared Key and Shared Key Lite. What was signed is the
 * service's to say ({@link StringsToSign}); every variant it lists is tried against each key of the
 * account, compared in constant time.
 *
 * <p>Like the service, a signed request must carry its date ({@code x-ms-date}, else {@code Date})
 * within 15 minutes of the server's clock, so that a captured request cannot be replayed later.
 */
public final class SharedKeyAuthenticator {
    /** How far a request's date may be from the server's clock, either way. */
    public static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(15);

    private final Accounts accounts;
    private final StringsToSign stringsToSign;
    private final Clock clock;
    private volatile ParsedDate lastDate; // the last date header parsed, see parsedDate

    public SharedKeyAuthenticator(Accounts accounts, StringsToSign stringsToSign, Clock clock) {
        this.accounts = accounts;
        this.stringsToSign = stringsToSign;
        this.clock = clock;
    }

    /**
     * Returns the authenticated account name.
     *
     * @throws ServiceException 403 AuthenticationFailed for a missing, malformed or wrong
     *                               signature; the detail never reveals the key
     */
    public String authenticate(AzureRequest request, String pathAccount) {
        String authorization = request.header("Authorization");
        if (authorization == null) {
            throw failed("The request has no Authorization header.");
        }
        int space = authorization.indexOf(' ');
        int colon = authorization.lastIndexOf(':');
        if (space < 0 || colon < space) {
            throw failed("The Authorization header is not of the form '<scheme> <account>:<signature>'.");
        }
        String scheme = authorization.substring(0, space);
        String accountName = authorization.substring(space + 1, colon).trim();
        String signature = authorization.substring(colon + 1).trim();
        boolean lite;
        if (scheme.equals("SharedKey")) {
            lite = false;
        } else if (scheme.equals("SharedKeyLite")) {
            lite = true;
        } else {
            throw failed("The authentication scheme '" + scheme + "' is not supported; use SharedKey or SharedKeyLite.");
        }
        if (!accountName.equals(pathAccount)) {
            throw failed("The account in the Authorization header does not match the account in the URL.");
        }
        Account account = accounts.find(accountName)
                .orElseThrow(() -> failed("The account '" + accountName + "' is not known to this server."));
        byte[] given;
        try {
            given = Base64.getDecoder().decode(signature);
        } catch (IllegalArgumentException e) {
            throw failed("The signature in the Authorization header is not base64.");
        }
        List<String> signed = stringsToSign.of(request, accountName, lite);
        if (AccountKeySignatures.matchesAny(account, signed, given)) {
            checkDate(request);
            return accountName;
        }
        // The service's words: the client compares the string it signed with the server's (the likeliest one).
        throw failed("The MAC signature found in the HTTP request '" + signature + "' is not the same as any "
                + "computed signature. Server used following string to sign: '" + signed.get(0) + "'.");
    }

    private void checkDate(AzureRequest request) {
        String date = request.header("x-ms-date") != null ? request.header("x-ms-date") : request.header("Date");
        if (date == null) {
            throw failed("Request date header not specified: send x-ms-date or Date.");
        }
        Instant sent = parsedDate(date);
        Instant now = clock.instant();
        if (sent.isBefore(now.minus(MAX_CLOCK_SKEW)) || sent.isAfter(now.plus(MAX_CLOCK_SKEW))) {
            throw failed("Request date header too old or too far ahead: '" + date + "'; the server's time is "
                    + HttpDates.format(now) + ".");
        }
    }

    /**
     * The instant a date header names. Clients send the same header text for every request in a
     * second, so the last one parsed is kept: the JDK's RFC 1123 parser is slow.
     */
    private Instant parsedDate(String date) {
        ParsedDate cached = lastDate;
        if (cached != null && cached.text().equals(date)) {
            return cached.instant();
        }
        Instant sent;
        try {
            sent = ZonedDateTime.parse(date.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            throw failed("The date header '" + date + "' is not an RFC 1123 date.");
        }
        lastDate = new ParsedDate(date, sent);
        return sent;
    }

    private record ParsedDate(String text, Instant instant) {
    }

    private static ServiceException failed(String detail) {
        return AccountKeySignatures.authenticationFailed(detail);
    }
}
