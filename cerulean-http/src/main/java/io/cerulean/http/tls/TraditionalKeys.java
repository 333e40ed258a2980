package io.cerulean.http.tls;

import java.io.IOException;
import java.nio.file.Path;
import java.security.PrivateKey;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.pkcs.RSAPrivateKey;
import org.bouncycastle.asn1.sec.ECPrivateKey;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * The pre-PKCS#8 private key forms OpenSSL still writes: PKCS#1 {@code RSA PRIVATE KEY} and SEC 1
 * {@code EC PRIVATE KEY}. The JDK reads neither; BouncyCastle rewraps them as PKCS#8. A class of
 * its own so that BouncyCastle is loaded only when such a key is given.
 */
final class TraditionalKeys {
    private TraditionalKeys() {
    }

    /** @param ecParameters an {@code EC PARAMETERS} block met before the key, for an EC key that omits its curve */
    static PrivateKey read(Path file, PemFiles.Block block, byte[] ecParameters) {
        try {
            PrivateKeyInfo info;
            if (block.type().equals("RSA PRIVATE KEY")) {
                info = new PrivateKeyInfo(new AlgorithmIdentifier(PKCSObjectIdentifiers.rsaEncryption, DERNull.INSTANCE),
                        RSAPrivateKey.getInstance(block.der()));
            } else {
                ECPrivateKey ec = ECPrivateKey.getInstance(block.der());
                ASN1Encodable curve = ec.getParametersObject() != null ? ec.getParametersObject()
                        : ecParameters != null ? ASN1Primitive.fromByteArray(ecParameters) : null;
                if (curve == null) {
                    throw new IllegalArgumentException("the EC key does not name its curve");
                }
                info = new PrivateKeyInfo(new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, curve), ec);
            }
            return new JcaPEMKeyConverter().getPrivateKey(info);
        } catch (IOException | RuntimeException e) {
            throw PemFiles.unreadable(file, "private key", e);
        }
    }
}
