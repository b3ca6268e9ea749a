/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; the
 * harness never shows a wizard: showing one fails loudly (see WizardDisplayer). */
package org.netbeans.api.wizard;

import java.awt.Rectangle;
import java.util.Map;
import javax.swing.Action;
import org.netbeans.spi.wizard.Wizard;

public abstract class WizardDisplayer {
  protected WizardDisplayer() {
  }

  public static Object showWizard(Wizard wizard, Rectangle r) {
    return showWizard(wizard, r, null, null);
  }

  public static Object showWizard(Wizard wizard, Rectangle r, Action help, Map initialProperties) {
    throw new UnsupportedOperationException("VASSAL tried to show the wizard \"" + wizard.getTitle()
      + "\", which needs a user (the modgen harness cannot answer it)");
  }
}
