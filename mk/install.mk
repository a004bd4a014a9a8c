# mk/install.mk: make install and make uninstall (scripts/platforms/install.sh);
# included by the Makefile.

.PHONY: install uninstall

## install: the program, attackbench-valgrind (the build --count=instructions and examples/plugin/compare-builds.sh use), the plugin headers, data/perft.epd and data/positions.fen (in share/attackbench, where the installed program finds them), the docs and the plugin examples under $(DESTDIR)$(PREFIX) (default /usr/local), listed in share/attackbench/install-manifest
PREFIX ?= /usr/local
# A bad PREFIX is refused before anything is built (install.sh checks again).
ifneq ($(filter install uninstall,$(MAKECMDGOALS)),)
ifeq ($(strip $(PREFIX)),)
$(error PREFIX is empty: give an absolute folder (PREFIX=/usr/local))
endif
ifeq ($(filter /%,$(firstword $(PREFIX))),)
$(error PREFIX=$(PREFIX) is relative: give an absolute folder (PREFIX=/usr/local))
endif
endif
# scripts/platforms/install.sh takes the paths from its environment, so that a
# PREFIX with spaces is one path, and refuses an empty or relative one.
install uninstall: export INSTALL_PREFIX = $(PREFIX)
install uninstall: export INSTALL_DESTDIR = $(DESTDIR)
install: export INSTALL_PROGRAM = $(PROGRAM)
install: export INSTALL_VALGRIND_PROGRAM = $(VALGRIND_PROGRAM)
install: $(PROGRAM) instructions-build
	@sh scripts/platforms/install.sh install

## uninstall: remove exactly what make install wrote under $(DESTDIR)$(PREFIX) (its manifest), nothing else
uninstall:
	@sh scripts/platforms/install.sh uninstall
