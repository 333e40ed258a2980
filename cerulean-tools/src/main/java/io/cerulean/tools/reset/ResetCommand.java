package io.cerulean.tools.reset;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import io.cerulean.tools.ToolExit;
import io.cerulean.tools.endpoint.StorageEndpoint;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cerulean reset}: wipes the connection string's account (or, with {@code --all}, every
 * account) on a Cerulean started with {@code --allow-reset}, and prints what was removed. No
 * confirmation is asked: it is for test suites. Exit codes: {@link ToolExit#OK}; {@link ToolExit#REFUSED}
 * when the server refuses (not allowed, the secondary endpoint), having changed nothing;
 * {@link ToolExit#UNREACHABLE} when it cannot be reached or refuses the key; {@link ToolExit#BAD_USAGE}
 * without a connection string.
 */
@Command(name = "reset", mixinStandardHelpOptions = true,
        description = "Wipes an account's data (tables, queues, containers, service properties) on a Cerulean "
                + "started with --allow-reset; with --all, every account's (--allow-reset=all). For test suites that "
                + "share one server.")
public final class ResetCommand implements Callable<Integer> {
    private static final Pattern COUNT = Pattern.compile("\"(accounts|tables|queues|containers)\"\\s*:\\s*(\\d+)");
    private static final Pattern XML_MESSAGE = Pattern.compile("<Message>([^<\\n]*)");
    private static final Pattern JSON_MESSAGE = Pattern.compile("\"value\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    @Spec
    CommandSpec spec;

    @Option(names = "--connection-string", paramLabel = "CS",
            description = "the account's connection string, with its key (default: $AZURE_STORAGE_CONNECTION_STRING)")
    String connectionString;

    @Option(names = "--all", description = "wipe every account on the server, not only this one")
    boolean all;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String text = connectionString != null ? connectionString
                : System.getenv(StorageEndpoint.CONNECTION_STRING_VARIABLE);
        if (text == null || text.isBlank()) {
            err.println("cerulean reset: no endpoint: give --connection-string or set "
                    + StorageEndpoint.CONNECTION_STRING_VARIABLE);
            return ToolExit.BAD_USAGE;
        }
        ResetEndpoint endpoint;
        try {
            endpoint = ResetEndpoint.of(text);
        } catch (IllegalArgumentException e) {
            err.println("cerulean reset: the connection string cannot be read: " + e.getMessage());
            return ToolExit.BAD_USAGE;
        }
        String url = endpoint.resetUrl(all);
        HttpRequest request = new HttpRequest(HttpMethod.POST, url).setHeader(HttpHeaderName.CONTENT_LENGTH, "0");
        int status;
        String body;
        try (HttpResponse response = endpoint.pipeline().send(request).block()) {
            status = response.getStatusCode();
            body = response.getBodyAsString().block();
        } catch (RuntimeException e) {
            err.println("cerulean reset: " + url + " cannot be reached: " + rootMessage(e));
            return ToolExit.UNREACHABLE;
        }
        body = body == null ? "" : body;
        if (status != 200) {
            err.println("cerulean reset: refused (" + status + "): " + message(body));
            return status == 403 && body.contains("AuthenticationFailed") ? ToolExit.UNREACHABLE : ToolExit.REFUSED;
        }
        spec.commandLine().getOut().println((all ? "reset every account on the server" : "reset the account")
                + " at " + endpoint.accountUrl() + ": removed " + counts(body));
        spec.commandLine().getOut().flush();
        return ToolExit.OK;
    }

    /** {@code 1 account, 3 tables, 2 queues, 4 containers}, from the server's JSON. */
    private static String counts(String json) {
        StringBuilder counts = new StringBuilder();
        Matcher count = COUNT.matcher(json);
        while (count.find()) {
            String noun = count.group(1);
            counts.append(counts.length() == 0 ? "" : ", ").append(count.group(2)).append(' ')
                    .append(count.group(2).equals("1") ? noun.substring(0, noun.length() - 1) : noun);
        }
        return counts.length() == 0 ? json : counts.toString();
    }

    /** The server's message in an XML or a JSON error, else the body as it came. */
    private static String message(String body) {
        Matcher xml = XML_MESSAGE.matcher(body);
        if (xml.find()) {
            return xml.group(1);
        }
        Matcher json = JSON_MESSAGE.matcher(body);
        return json.find() ? json.group(1).split("\\\\n")[0] : body.strip();
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : root.toString();
    }
}
