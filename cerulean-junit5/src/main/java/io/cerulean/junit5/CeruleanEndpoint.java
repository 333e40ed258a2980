package io.cerulean.junit5;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@code String} parameter that receives the Table endpoint of the development account, e.g.
 * {@code http://127.0.0.1:41234/devstoreaccount1}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface CeruleanEndpoint {
}
