# Variant histories, rules in plain language, local terms and "show me" examples.
