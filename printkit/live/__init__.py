"""The design loop: rebuild on every save (`loop`, shared by `build --watch` and `serve`), the live
preview's web server (`server`, listening on 127.0.0.1 only) and its page (`web/`)."""
