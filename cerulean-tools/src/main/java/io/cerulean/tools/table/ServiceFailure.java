package io.cerulean.tools.table;

import com.azure.core.exception.HttpResponseException;
import io.cerulean.tools.ToolExit;

/** A failure of the endpoint as a command reports it: an exit code and a message without secrets. */
record ServiceFailure(int exitCode, String message) {
    /** What a failure to reach or use {@code table} means for a command. */
    static ServiceFailure of(RuntimeException e, String table) {
        RuntimeException cause = e instanceof TableWriter.Failed failed ? failed.getCause() : e;
        HttpResponseException service = ServiceErrors.answer(cause);
        if (service != null) {
            int status = ServiceErrors.status(service);
            String code = ServiceErrors.code(service);
            String described = scrubbed(ServiceErrors.describe(service));
            if (status == 401 || status == 403) {
                return new ServiceFailure(ToolExit.UNREACHABLE, "the endpoint refused the credentials: " + described);
            }
            if ("TableNotFound".equals(code) || status == 404) {
                return new ServiceFailure(ToolExit.BAD_INPUT, "table " + table + " does not exist: " + described);
            }
            if (status == 400) {
                return new ServiceFailure(ToolExit.BAD_USAGE, "the service refused the request: " + described);
            }
            return new ServiceFailure(ToolExit.UNREACHABLE, "the service failed: " + described);
        }
        return new ServiceFailure(ToolExit.UNREACHABLE, "the endpoint could not be reached: " + scrubbed(rootMessage(cause)));
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null ? root.getClass().getSimpleName() : message;
    }

    /** A message may quote a URL or a setting: never show a signature nor a key. */
    static String scrubbed(String message) {
        return message.replaceAll("(?i)(sig=)[^&\\s\"']*", "$1...").replaceAll("(?i)(AccountKey=)[^;\\s\"']*", "$1...");
    }
}
