/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared.
 *
 * Showing a wizard needs a user. The real showWizard is modal and returns the result producer's
 * finish() value (or null when cancelled); here it is answered by the Driver the harness installs
 * (ModgenHarness drives VASSAL's game-setup wizard only). Without a driver, or for a wizard the driver
 * does not understand, showing a wizard fails loudly. */
package org.netbeans.api.wizard;

import java.awt.Rectangle;
import java.util.Map;
import javax.swing.Action;
import org.netbeans.spi.wizard.Wizard;

public abstract class WizardDisplayer {
  /** Answers a wizard headless; throws for a wizard it does not understand. */
  public interface Driver {
    Object show(Wizard wizard, Map initialProperties);
  }

  private static volatile Driver driver;

  protected WizardDisplayer() {
  }

  /** Stand-in only: who answers wizards (null: every wizard fails). */
  public static void setDriver(Driver d) {
    driver = d;
  }

  public static Object showWizard(Wizard wizard) {
    return showWizard(wizard, null, null, null);
  }

  public static Object showWizard(Wizard wizard, Rectangle r) {
    return showWizard(wizard, r, null, null);
  }

  public static Object showWizard(Wizard wizard, Rectangle r, Action help, Map initialProperties) {
    final Driver d = driver;
    if (d == null) {
      throw new UnsupportedOperationException("VASSAL tried to show the wizard \"" + wizard.getTitle()
        + "\", which needs a user (no wizard driver installed)");
    }
    return d.show(wizard, initialProperties);
  }
}
