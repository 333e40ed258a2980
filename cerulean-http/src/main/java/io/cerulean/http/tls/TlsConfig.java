package io.cerulean.http.tls;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the server's TLS identity is: a PEM certificate file (the server's certificate first, then
 * any intermediates) and a PEM private key file (PKCS#8, or the traditional RSA and EC forms),
 * unencrypted. Only names the files; {@link ServerIdentity#load} reads and checks them.
 */
public record TlsConfig(Path certificateFile, Path privateKeyFile) {
    public TlsConfig {
        Objects.requireNonNull(certificateFile, "certificateFile");
        Objects.requireNonNull(privateKeyFile, "privateKeyFile");
    }
}
